import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionAPI

/// Every header and body case of the canonical request form (`TestVectors/auth/signed-requests.json`, made with
/// Python `cryptography`), the same file the web app's signer is checked against in Chromium
/// (`Tests/Browser/test_sign_vectors.py`), and the verification code of its two keys.
struct SignedRequestCasesTests {
    struct Cases: Decodable {
        struct Case: Decodable {
            let what, method, pathAndQuery, deviceID, nonce, bodyUTF8, canonicalText, signatureBase64: String
            let timestampMillis: Int64
        }
        let deviceSeedHex, devicePublicKeyBase64, sidecarPublicKeyBase64, verificationCode: String
        let requests: [Case]
    }

    static let cases: Cases = {
        let url = TestPaths.testVectors.appendingPathComponent("auth/signed-requests.json")
        return try! JSONDecoder().decode(Cases.self, from: Data(contentsOf: url))
    }()

    @Test(arguments: cases.requests.map(\.what))
    func canonicalTextAndSignatureMatch(what: String) throws {
        let vector = try #require(Self.cases.requests.first { $0.what == what })
        let canonical = CanonicalRequest(
            method: vector.method, pathAndQuery: vector.pathAndQuery, deviceID: vector.deviceID,
            timestampMillis: vector.timestampMillis, nonce: vector.nonce, body: Array(vector.bodyUTF8.utf8))
        #expect(String(decoding: canonical.bytes, as: UTF8.self) == vector.canonicalText)
        #expect(canonical.isWellFormed)
        let keys = try SignedRequestVectorTests.keyPair(
            seedHex: Self.cases.deviceSeedHex, publicKeyBase64: Self.cases.devicePublicKeyBase64)
        #expect(Data(keys.sign(canonical.bytes)).base64EncodedString() == vector.signatureBase64)
    }

    @Test func verificationCodeMatchesTheIndependentImplementation() throws {
        let code = VerificationCode.make(
            devicePublicKey: try Ed25519PublicKey(base64: Self.cases.devicePublicKeyBase64),
            sidecarPublicKey: try Ed25519PublicKey(base64: Self.cases.sidecarPublicKeyBase64))
        #expect(code == Self.cases.verificationCode)
    }
}
