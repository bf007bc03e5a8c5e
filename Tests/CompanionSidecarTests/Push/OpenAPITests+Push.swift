import CompanionAPI
import CompanionCrypto
import CompanionPush
import CompanionSidecar
import CompanionTestSupport
import Foundation

/// The Web Push operations' answers, from a signed device: the key, a subscription kept (201) and refused (400,
/// 413), deleted (204) and gone (404). The endpoint names `localhost`, which only a test's `PushSettings.Testing`
/// admits; nothing is sent.
extension OpenAPITests {
    static func exercisePush() async throws -> [Sample] {
        var settings = PushSettings(vapidKey: .generate())
        settings.hosts = ["localhost"]
        settings.testing = PushSettings.Testing(allowsLoopback: true)
        let fixture = try SidecarFixture(signed: true, push: settings)
        defer { fixture.remove() }
        return try await fixture.live { probe, _ in
            let device = TestDevice()
            let id = try await fixture.sidecar.registry.registerPairing(
                name: "phone", publicKey: device.keys.publicKey.base64, at: fixture.clock.now, peer: nil
            ).device.id
            let record = SampleRecorder(probe) { method, path, body in
                device.signedHeaders(id: id, method, path, body: body, now: fixture.clock.now)
            }
            let subscriptions = "/companion/push/subscriptions"
            let key = [UInt8](repeating: 4, count: 1) + Array(repeating: 0, count: 64)
            _ = try await record("GET", "/companion/push/vapid", "/companion/push/vapid")
            let keys = PushSubscriptionRequest.Keys(
                p256dh: "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
                auth: "BTBZMqHH6r4Tts7J_aSIgg")
            let good = PushSubscriptionRequest(endpoint: "https://localhost/push/1", keys: keys)
            let created = try await record("POST", subscriptions, subscriptions, try CompanionJSON.encode(good))
            let subscription = try created.decode(PushSubscriptionCreated.self).id
            let offCurve = PushSubscriptionRequest(
                endpoint: "https://localhost/push/2", keys: .init(p256dh: Base64URL.encode(key), auth: keys.auth))
            _ = try await record("POST", subscriptions, subscriptions, try CompanionJSON.encode(offCurve))  // 400
            let http = PushSubscriptionRequest(endpoint: "http://localhost/push/3", keys: keys)
            _ = try await record("POST", subscriptions, subscriptions, try CompanionJSON.encode(http))  // 400
            _ = try await record("POST", subscriptions, subscriptions, Data(repeating: 32, count: 10_000))  // 413
            let one = "\(subscriptions)/{id}"
            _ = try await record("DELETE", one, "\(subscriptions)/\(subscription)")  // 204
            _ = try await record("DELETE", one, "\(subscriptions)/\(subscription)")  // 404
            return record.samples
        }
    }
}
