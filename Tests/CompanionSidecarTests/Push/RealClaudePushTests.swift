import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// The whole lock-screen path with the real interactive `claude` in tmux: its permission dialog raises a held
    /// request through its hooks, the phone's push service receives the encrypted message, and a decision made
    /// from the message's `attentionId` and `digest` alone lets the tool run.
    @Suite struct RealClaudePushTests {
        @Test func aRealPermissionRequestIsPushedAndApprovedFromTheMessage() async throws {
            let file = NSTemporaryDirectory() + "pushed-\(UUID().uuidString)"
            let push = try await PushFixture()
            defer { push.remove() }
            let fixture = try AgentsFixture(rule: AgentsFixture.touching(file))
            defer { fixture.remove() }
            try await fixture.live(push: push.settings()) { live in
                let device = TestDevice(name: "phone")
                let id = try await live.sidecar.registry.registerPairing(
                    name: device.name, publicKey: device.keys.publicKey.base64, at: Date(), peer: nil
                ).device.id
                let path = "/companion/push/subscriptions"
                let body = try CompanionJSON.encode(push.subscription())
                let subscribed = try await live.probe.post(
                    path, body, headers: device.signedHeaders(id: id, "POST", path, body: body, now: Date()))
                #expect(subscribed.status == 201)

                let (session, log) = try await live.startClaude(fixture)
                _ = try await live.client.send(id: session.id, text: "please make the file")
                let message = try #require(try await push.messages(on: "/push/main").first)
                #expect(message["vapidError"] == nil && message["decryptError"] == nil, "\(message)")
                let payload = try #require(message["payload"] as? [String: Any])
                #expect(payload["kind"] as? String == "attention" && payload["body"] as? String == "An agent needs you")
                #expect(!FileManager.default.fileExists(atPath: file))
                let decision = try await live.client.approve(
                    id: try #require(payload["attentionId"] as? String), digest: payload["digest"] as? String)
                #expect(decision.decision == "allow")
                _ = try await log.first("the turn's end") {
                    $0.update(session.id, state: "idle") && $0.session?.summary == "Done."
                }
                #expect(FileManager.default.fileExists(atPath: file))
                // One message for the one request: the session's later changes sent nothing more.
                #expect(push.received().count == 1)
                await log.stop()
            }
        }
    }
}
