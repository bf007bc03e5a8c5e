import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionAPI

/// Checks the canonical request form and the pairing proof against vectors made by an independent
/// Ed25519 implementation (Python `cryptography`), so another client can implement the same bytes.
struct SignedRequestVectorTests {
    struct Vector: Decodable {
        struct Request: Decodable {
            let method, pathAndQuery, deviceID, nonce, bodyUTF8: String
            let timestampMillis: Int64
        }
        let deviceSeedHex, devicePublicKeyBase64, canonicalText, signatureBase64: String
        let sidecarSeedHex, sidecarPublicKeyBase64, pairingProofSignatureBase64: String
        let request: Request
    }

    let vector: Vector = {
        let url = TestPaths.testVectors.appendingPathComponent("auth/signed-request.json")
        return try! JSONDecoder().decode(Vector.self, from: Data(contentsOf: url))
    }()

    static func keyPair(seedHex: String, publicKeyBase64: String) throws -> Ed25519KeyPair {
        let seed = Hex.decode(seedHex)
        let publicKey = try Ed25519PublicKey(base64: publicKeyBase64)
        return try Ed25519KeyPair(secretKey: SecureBytes(seed + publicKey.rawBytes))
    }

    var canonical: CanonicalRequest {
        let request = vector.request
        return CanonicalRequest(
            method: request.method, pathAndQuery: request.pathAndQuery, deviceID: request.deviceID,
            timestampMillis: request.timestampMillis, nonce: request.nonce, body: Array(request.bodyUTF8.utf8))
    }

    @Test func canonicalBytesMatchTheVector() {
        #expect(String(decoding: canonical.bytes, as: UTF8.self) == vector.canonicalText)
        #expect(canonical.isWellFormed)
    }

    @Test func signatureMatchesTheIndependentImplementation() throws {
        let keys = try Self.keyPair(seedHex: vector.deviceSeedHex, publicKeyBase64: vector.devicePublicKeyBase64)
        #expect(Data(keys.sign(canonical.bytes)).base64EncodedString() == vector.signatureBase64)
        let signature = Array(Data(base64Encoded: vector.signatureBase64)!)
        #expect(keys.publicKey.verify(signature: signature, message: canonical.bytes))
    }

    @Test func pairingProofMatchesAndVerifies() throws {
        let sidecar = try Self.keyPair(seedHex: vector.sidecarSeedHex, publicKeyBase64: vector.sidecarPublicKeyBase64)
        let proof = PairingProof.make(
            keyPair: sidecar, deviceID: vector.request.deviceID, devicePublicKey: vector.devicePublicKeyBase64)
        #expect(proof.signature == vector.pairingProofSignatureBase64)
        #expect(proof.fingerprint == sidecar.publicKey.fingerprint.description)
        let verified = proof.verify(deviceID: vector.request.deviceID, devicePublicKey: vector.devicePublicKeyBase64)
        #expect(verified == sidecar.publicKey)
    }

    @Test func pairingProofRefusesAnotherDeviceOrKey() throws {
        let sidecar = Ed25519KeyPair.generate()
        let device = Ed25519KeyPair.generate().publicKey.base64
        let proof = PairingProof.make(keyPair: sidecar, deviceID: "dev_1", devicePublicKey: device)
        #expect(proof.verify(deviceID: "dev_2", devicePublicKey: device) == nil)
        #expect(proof.verify(deviceID: "dev_1", devicePublicKey: Ed25519KeyPair.generate().publicKey.base64) == nil)
        var swapped = proof
        swapped.publicKey = Ed25519KeyPair.generate().publicKey.base64
        #expect(swapped.verify(deviceID: "dev_1", devicePublicKey: device) == nil)
        var wrongFingerprint = proof
        wrongFingerprint.fingerprint = Ed25519KeyPair.generate().publicKey.fingerprint.description
        #expect(wrongFingerprint.verify(deviceID: "dev_1", devicePublicKey: device) == nil)
    }

    @Test func separatorsCannotBeSmuggledIntoFields() {
        let bad = CanonicalRequest(
            method: "GET", pathAndQuery: "/a\n/b", deviceID: "d", timestampMillis: 1, nonce: "n", body: [])
        #expect(!bad.isWellFormed)
    }

    @Test func verificationCodeIsDeterministicReadableAndKeyBound() throws {
        let a = Ed25519KeyPair.generate().publicKey
        let b = Ed25519KeyPair.generate().publicKey
        let code = VerificationCode.make(devicePublicKey: a, sidecarPublicKey: b)
        #expect(code == VerificationCode.make(devicePublicKey: a, sidecarPublicKey: b))
        #expect(code.count == 24)
        #expect(code.split(separator: "-").count == 5)
        #expect(code.allSatisfy { $0 == "-" || "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".contains($0) })
        #expect(code != VerificationCode.make(devicePublicKey: b, sidecarPublicKey: a))
        #expect(
            code != VerificationCode.make(devicePublicKey: a, sidecarPublicKey: Ed25519KeyPair.generate().publicKey))
    }
}
