import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionCrypto

struct Ed25519Tests {
    // RFC 8032 §7.1, TEST 1 (empty message).
    static let rfcSeedAndPublic =
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
        + "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
    static let rfcSignature =
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"

    @Test func rfc8032KnownAnswer() throws {
        let pair = try Ed25519KeyPair(secretKey: SecureBytes(Hex.decode(Self.rfcSeedAndPublic)))
        #expect(Hex.encode(pair.publicKey.rawBytes) == String(Self.rfcSeedAndPublic.suffix(64)))
        #expect(Hex.encode(pair.sign([])) == Self.rfcSignature)
        #expect(pair.publicKey.verify(signature: Hex.decode(Self.rfcSignature), message: []))
    }

    @Test func signVerifyRoundTrip() {
        let pair = Ed25519KeyPair.generate()
        let message = Array("pair me".utf8)
        let signature = pair.sign(message)
        #expect(signature.count == 64)
        #expect(pair.publicKey.verify(signature: signature, message: message))
        #expect(!pair.publicKey.verify(signature: signature, message: Array("pair me!".utf8)))
        var flipped = signature
        flipped[10] ^= 1
        #expect(!pair.publicKey.verify(signature: flipped, message: message))
        #expect(!pair.publicKey.verify(signature: Array(signature.prefix(63)), message: message))
        #expect(!Ed25519KeyPair.generate().publicKey.verify(signature: signature, message: message))
    }

    @Test func generatedKeysDiffer() {
        #expect(Ed25519KeyPair.generate().publicKey != Ed25519KeyPair.generate().publicKey)
    }

    @Test func secretKeyReloadsToTheSamePair() throws {
        let pair = Ed25519KeyPair.generate()
        let copy = SecureBytes(pair.secretKey.withUnsafeBytes { Array($0) })
        let reloaded = try Ed25519KeyPair(secretKey: copy)
        #expect(reloaded.publicKey == pair.publicKey)
        #expect(reloaded.secretKey.constantTimeEquals(pair.secretKey))
    }

    @Test func rejectsBadSecretKeys() {
        #expect(throws: CryptoError.invalidKey) { try Ed25519KeyPair(secretKey: SecureBytes(count: 32)) }
        var bytes = Ed25519KeyPair.generate().secretKey.withUnsafeBytes { Array($0) }
        bytes[40] ^= 0x80  // corrupt the embedded public half
        #expect(throws: CryptoError.inconsistentKeyPair) { try Ed25519KeyPair(secretKey: SecureBytes(bytes)) }
    }

    @Test func descriptionsNeverShowTheSecret() {
        let pair = Ed25519KeyPair.generate()
        let secretHex = Hex.encode(pair.secretKey.withUnsafeBytes { Array($0) })
        let seedB64 = Data(pair.secretKey.withUnsafeBytes { Array($0.prefix(32)) }).base64EncodedString()
        for text in [
            String(describing: pair), String(reflecting: pair), "\(pair.secretKey)", pair.publicKey.description,
        ] {
            #expect(!text.contains(secretHex.prefix(16)))
            #expect(!text.contains(seedB64.prefix(16)))
        }
        #expect("\(pair.secretKey)" == "SecureBytes(64 bytes, redacted)")
    }

    @Test func publicKeyEncodings() throws {
        let key = Ed25519KeyPair.generate().publicKey
        #expect(key.base64.count == 44)
        #expect(try Ed25519PublicKey(base64: key.base64) == key)
        #expect(try Ed25519PublicKey(base64: String(key.base64.dropLast())) == key)
        #expect(throws: CryptoError.invalidKey) { try Ed25519PublicKey(base64: "not base64!") }
        #expect(throws: CryptoError.invalidKey) { try Ed25519PublicKey(base64: key.base64 + "AAAA") }
        #expect(throws: CryptoError.invalidKey) { try Ed25519PublicKey(rawBytes: [1, 2, 3]) }

        let json = try JSONEncoder().encode([key])
        #expect(
            String(decoding: json, as: UTF8.self) == "[\"\(key.base64.replacingOccurrences(of: "/", with: "\\/"))\"]")
        #expect(try JSONDecoder().decode([Ed25519PublicKey].self, from: json) == [key])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([Ed25519PublicKey].self, from: Data("[\"AAAA\"]".utf8))
        }
    }

    @Test func realKeysAreValidPointsAndDegenerateOnesAreNot() throws {
        for _ in 0..<100 { #expect(Ed25519KeyPair.generate().publicKey.isValidPoint) }
        let identity = try Ed25519PublicKey(rawBytes: [1] + [UInt8](repeating: 0, count: 31))
        let nonCanonical = try Ed25519PublicKey(rawBytes: [UInt8](repeating: 0xFF, count: 31) + [0x7F])
        let zero = try Ed25519PublicKey(rawBytes: [UInt8](repeating: 0, count: 32))
        #expect(!identity.isValidPoint && !nonCanonical.isValidPoint && !zero.isValidPoint)
    }
}
