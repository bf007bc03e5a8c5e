import CompanionCrypto
import CompanionPush
import CompanionTestSupport
import Foundation
import Testing

/// VAPID (RFC 8292): the token's ES256 signature and claims checked by Python's cryptography, as a push service
/// checks them; the key survives the vault's round trip.
@Suite struct VAPIDTokenTests {
    @Test func aPushServiceAcceptsTheToken() async throws {
        let key = VAPIDKey.generate()
        let now = Date()
        let token = VAPIDToken(
            audience: "https://fcm.googleapis.com", subject: "mailto:owner@example.com",
            expiresAt: now.addingTimeInterval(3600), now: now)
        let claims = try await WebPushPeer.run(
            "verify-vapid",
            ["authorization": try token.authorization(signedWith: key), "audience": "https://fcm.googleapis.com"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(claims.utf8)) as? [String: Any])
        #expect(object["sub"] as? String == "mailto:owner@example.com")
        #expect(object["exp"] as? Int == Int(now.addingTimeInterval(3600).timeIntervalSince1970))
        #expect(object["k"] as? String == key.publicKeyBase64URL)
        #expect(Base64URL.decode(key.publicKeyBase64URL)?.count == 65)
    }

    @Test func aTokenSignedByAnotherKeyIsRefused() async throws {
        let token = VAPIDToken(audience: "https://push.example", subject: "https://ws.example", expiresAt: Date() + 60)
        let header = try token.authorization(signedWith: VAPIDKey.generate())
        let forged = header.replacingOccurrences(
            of: "k=" + header.components(separatedBy: "k=")[1], with: "k=" + VAPIDKey.generate().publicKeyBase64URL)
        await #expect(throws: WebPushPeer.Failed.self) {
            try await WebPushPeer.run("verify-vapid", ["authorization": forged, "audience": "https://push.example"])
        }
    }

    @Test func theExpiryIsAtMostADayAndTheAudienceIsTheOrigin() throws {
        let now = Date()
        let token = VAPIDToken(audience: "a", subject: "b", expiresAt: now.addingTimeInterval(7 * 86400), now: now)
        #expect(token.expiresAt == now.addingTimeInterval(86400))
        #expect(
            VAPIDToken.audience(of: URL(string: "https://FCM.googleapis.com/fcm/send/abc")!)
                == "https://fcm.googleapis.com")
        #expect(VAPIDToken.audience(of: URL(string: "https://localhost:8443/p")!) == "https://localhost:8443")
        #expect(VAPIDToken.audience(of: URL(string: "https://h.example:443/p")!) == "https://h.example")
    }

    @Test func theKeySurvivesTheVaultsBytes() throws {
        let key = VAPIDKey.generate()
        #expect(try VAPIDKey(secret: key.secret).publicKeyBase64URL == key.publicKeyBase64URL)
        #expect(throws: VAPIDKeyError.notAP256Key) { try VAPIDKey(secret: SecureBytes([1, 2, 3])) }
        #expect(throws: VAPIDKeyError.notAP256Key) {
            try VAPIDKey(secret: SecureBytes([UInt8](repeating: 0, count: 32)))
        }
    }
}
