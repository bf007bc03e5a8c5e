import CompanionCrypto
import CompanionPush
import CompanionTestSupport
import Crypto
import Foundation
import Testing

/// RFC 8291 message encryption: the RFC's own example byte for byte, and messages of every size the sidecar sends
/// decrypted by Python's http-ece (a browser's side written by others).
@Suite struct WebPushEncryptionTests {
    struct Vector: Decodable {
        let plaintext, serverPrivate, subscriberPublic, salt, authSecret, body: String
        let recordSize: Int

        enum CodingKeys: String, CodingKey {
            case plaintext, salt, body
            case serverPrivate = "as_private"
            case subscriberPublic = "ua_public"
            case authSecret = "auth_secret"
            case recordSize = "record_size"
        }
    }

    static func vector() throws -> Vector {
        let url = TestPaths.testVectors.appendingPathComponent("webpush/rfc8291-appendix-a.json")
        return try JSONDecoder().decode(Vector.self, from: Data(contentsOf: url))
    }

    static func bytes(_ text: String) throws -> [UInt8] { try #require(Base64URL.decode(text)) }

    @Test func theRFCExampleIsReproducedByteForByte() throws {
        let vector = try Self.vector()
        #expect(vector.recordSize == WebPushEncryption.recordSize)
        let serverKey = try P256.KeyAgreement.PrivateKey(rawRepresentation: try Self.bytes(vector.serverPrivate))
        let body = try WebPushEncryption.encrypt(
            try Self.bytes(vector.plaintext), p256dh: try Self.bytes(vector.subscriberPublic),
            auth: try Self.bytes(vector.authSecret), serverKey: serverKey, salt: try Self.bytes(vector.salt))
        #expect(Base64URL.encode(body) == vector.body)
    }

    @Test(arguments: [(0, 0), (1, 0), (41, 86), (700, 0), (3000, 993), (WebPushEncryption.maximumPlaintextBytes, 0)])
    func messagesDecryptWithHTTPECE(length: Int, padding: Int) async throws {
        let subscriber = P256.KeyAgreement.PrivateKey()
        let auth = (0..<16).map { _ in UInt8.random(in: 0...255) }
        let plaintext = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let body = try WebPushEncryption.encrypt(
            plaintext, p256dh: [UInt8](subscriber.publicKey.x963Representation), auth: auth, padding: padding)
        #expect(body.count == 86 + length + padding + 1 + 16)
        #expect(body.count <= WebPushEncryption.maximumBodyBytes)
        let decrypted = try await WebPushPeer.run(
            "decrypt",
            [
                "private": Base64URL.encode([UInt8](subscriber.rawRepresentation)), "auth": Base64URL.encode(auth),
                "body": Base64URL.encode(body),
            ])
        #expect(Base64URL.decode(decrypted) == plaintext)
    }

    @Test func whatCannotBeSentIsRefused() throws {
        let key = [UInt8](P256.KeyAgreement.PrivateKey().publicKey.x963Representation)
        let auth = [UInt8](repeating: 1, count: 16)
        #expect(throws: WebPushEncryptionError.tooLarge(WebPushEncryption.maximumPlaintextBytes + 1)) {
            try WebPushEncryption.encrypt(
                [UInt8](repeating: 0, count: WebPushEncryption.maximumPlaintextBytes), p256dh: key, auth: auth,
                padding: 1)
        }
        #expect(throws: WebPushEncryptionError.badAuthSecret) {
            try WebPushEncryption.encrypt([1], p256dh: key, auth: [1, 2, 3])
        }
        var offCurve = key
        offCurve[40] ^= 0x01
        #expect(throws: WebPushEncryptionError.badSubscriptionKey) {
            try WebPushEncryption.encrypt([1], p256dh: offCurve, auth: auth)
        }
        #expect(throws: WebPushEncryptionError.badSubscriptionKey) {
            try WebPushEncryption.encrypt([1], p256dh: Array(key.prefix(33)), auth: auth)
        }
    }
}
