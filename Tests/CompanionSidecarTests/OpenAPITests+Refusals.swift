import CompanionAPI
import CompanionCrypto
import CompanionPush
import CompanionSidecar
import Foundation
import Testing

/// The 401 answers of a sidecar that enforces signed requests (the default) and has a task API key: every
/// protected operation (`security:` in the document), unsigned or with a wrong key. Checked with the other live
/// answers; check_openapi.py requires a 401 sample for every operation that declares `security`.
extension OpenAPITests {
    static func refusals() async throws -> [Sample] {
        let fixture = try SidecarFixture(
            signed: true, taskAPIKey: try TaskAPIKey("refusal-test-key-0123456789"),
            push: PushSettings(vapidKey: .generate()))
        defer { fixture.remove() }
        return try await fixture.live { probe, _ in
            let record = SampleRecorder(probe)
            let wrongKey = ["X-API-Key": "not-the-key-0123456789"]
            let forged = RequestSigner(keyPair: Ed25519KeyPair.generate(), deviceID: "not-paired")
                .headers(method: "GET", pathAndQuery: "/companion/status", body: [])
            let calls: [(String, String, String, [String: String])] = [
                ("GET", "/companion/status", "/companion/status", forged),
                ("POST", "/companion/disconnect", "/companion/disconnect", [:]),
                ("GET", "/companion/devices", "/companion/devices", [:]),
                ("GET", "/companion/tls", "/companion/tls", [:]),
                ("DELETE", "/companion/devices/{id}", "/companion/devices/abc", [:]),
                ("GET", "/companion/push/vapid", "/companion/push/vapid", [:]),
                ("POST", "/companion/push/subscriptions", "/companion/push/subscriptions", [:]),
                ("DELETE", "/companion/push/subscriptions/{id}", "/companion/push/subscriptions/abc", wrongKey),
                ("GET", "/v1/tasks", "/v1/tasks", [:]),
                ("POST", "/v1/tasks", "/v1/tasks", wrongKey),
                ("GET", "/v1/tasks/{id}", "/v1/tasks/abc", [:]),
                ("POST", "/v1/tasks/{id}/start", "/v1/tasks/abc/start", wrongKey),
                ("POST", "/v1/tasks/{id}/cancel", "/v1/tasks/abc/cancel", [:]),
                ("GET", "/v1/tasks/{id}/logs/tail", "/v1/tasks/abc/logs/tail", wrongKey),
            ]
            for (method, template, path, headers) in calls {
                let reply = try await record(method, template, path, headers: headers)
                #expect(reply.status == 401 && reply.errorCode == "unauthorized", "\(method) \(path)")
            }
            return record.samples
        }
    }
}
