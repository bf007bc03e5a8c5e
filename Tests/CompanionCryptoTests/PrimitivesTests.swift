import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionCrypto

struct PrimitivesTests {
    @Test func sha256KnownAnswers() {
        #expect(Hex.encode(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            Hex.encode(SHA256.hash(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func constantTimeEquals() {
        #expect(ConstantTime.equals([], []))
        #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
        #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
        #expect(!ConstantTime.equals([], [0]))
    }

    @Test func randomBytes() {
        #expect(SecureRandom.bytes(0).isEmpty)
        #expect(SecureRandom.bytes(32).count == 32)
        #expect(SecureRandom.bytes(32) != SecureRandom.bytes(32))
    }

    @Test func uniformStaysInRangeAndCoversIt() {
        var seen = Set<UInt32>()
        for _ in 0..<2000 {
            let value = SecureRandom.uniform(6)
            #expect(value < 6)
            seen.insert(value)
        }
        #expect(seen.count == 6)
        #expect(SecureRandom.uniform(1) == 0)
    }

    @Test func tokensAreURLSafeWithoutPadding() {
        let token = SecureRandom.token()
        #expect(token.count == 43)
        #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
        #expect(SecureRandom.token(byteCount: 16).count == 22)
        #expect(SecureRandom.token() != SecureRandom.token())
    }

    @Test func fingerprintForms() throws {
        let key = Ed25519KeyPair.generate().publicKey
        let fingerprint = key.fingerprint
        #expect(fingerprint.digest == SHA256.hash(key.rawBytes))
        #expect(fingerprint.description == "SHA256:" + Data(fingerprint.digest).base64EncodedString().dropLast())
        #expect(!fingerprint.description.hasSuffix("="))
        let short = fingerprint.short
        #expect(short.count == 19)
        #expect(short.split(separator: " ").count == 4)
        #expect(
            short.replacingOccurrences(of: " ", with: "")
                == Hex.encode(Array(fingerprint.digest.prefix(8))).uppercased())
        #expect(Fingerprint(parsing: fingerprint.description) == fingerprint)
        #expect(Fingerprint(parsing: fingerprint.description)!.matches(fingerprint))
        #expect(!fingerprint.matches(Ed25519KeyPair.generate().publicKey.fingerprint))
        #expect(Fingerprint(parsing: "MD5:" + fingerprint.description.dropFirst(7)) == nil)
        #expect(Fingerprint(parsing: "SHA256:AAAA") == nil)
        #expect(Fingerprint(parsing: "SHA256:" + String(repeating: "!", count: 43)) == nil)
    }

    @Test func shortFingerprintPadsSmallBytes() {
        let fingerprint = Fingerprint(digest: [0x0A, 0x01, 0, 0xFF] + [UInt8](repeating: 0, count: 28))
        #expect(fingerprint.short == "0A01 00FF 0000 0000")
    }
}
