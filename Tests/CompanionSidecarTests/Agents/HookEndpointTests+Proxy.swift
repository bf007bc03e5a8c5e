import CompanionAgents
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Issue 29, finding 2: the hook endpoint, loopback-only, refuses a request a proxy forwarded even with the
/// right secret, and a `Host` naming another machine; the same event sent directly is taken.
extension HookEndpointTests {
    @Test func aForwardedHookIsRefusedEvenWithTheSecret() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live { live in
            let headers = [CompanionAgents.secretHeader: try secret(fixture)]
            let path = CompanionAgents.hookPath
            let event = Self.body("UserPromptSubmit", extra: ["prompt": "p"])
            for forwarded in [
                ["X-Forwarded-For": "192.168.1.77"], ["Forwarded": "for=192.168.1.77"], ["X-Real-IP": "1.2.3.4"],
            ] {
                let reply = try await live.probe.post(path, event, headers: headers.merging(forwarded) { $1 })
                #expect(reply.status == 403, "\(forwarded)")
            }
            let url = "http://127.0.0.1:\(live.running.address.port)\(path)"
            let secretHeader = "\(CompanionAgents.secretHeader): \(headers.values.first!)"
            let foreignHost = try await curl([
                "-X", "POST", "-H", "Host: 10.9.8.7", "-H", secretHeader, "--data-binary",
                String(decoding: event, as: UTF8.self), url,
            ])
            #expect(foreignHost.status == 403)
            #expect(try await live.client.sessions().isEmpty)
            #expect(try await live.probe.post(path, event, headers: headers).status == 200)
            #expect(try await live.client.sessions().count == 1)
        }
    }
}
