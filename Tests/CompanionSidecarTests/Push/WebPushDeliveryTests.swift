import CompanionAPI
import CompanionAgents
import CompanionClient
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionSidecar

/// Web Push end to end: a real permission request (Claude Code's hook body over the owner socket, as `companion hook`
/// delivers it) reaches the test push service encrypted (http-ece decrypts it) and signed (cryptography verifies
/// the VAPID JWT), with the contract's payload; retries, drops and counts.
@Suite struct WebPushDeliveryTests {
    static func permissionRequest(_ command: String, session: String = "push-1") -> Data {
        let object: [String: Any] = [
            "hook_event_name": "PermissionRequest", "session_id": session, "cwd": "/work/secret-project",
            "permission_mode": "default", "transcript_path": "/x.jsonl", "tool_name": "Bash",
            "tool_input": ["command": command],
        ]
        return try! JSONSerialization.data(withJSONObject: object)
    }

    @Test func aPermissionRequestReachesThePhoneEncryptedAndSigned() async throws {
        let fixture = try await PushFixture()
        defer { fixture.remove() }
        try await fixture.live { live in
            let vapid = try await live.signed("GET", "/companion/push/vapid").decode(PushVAPIDKeyResponse.self)
            #expect(vapid.publicKey == live.sidecar.push?.settings.vapidKey.publicKeyBase64URL)
            let created = try await live.subscribe(fixture.subscription())
            #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
            #expect(try created.decode(PushSubscriptionCreated.self).id.count == 32)

            let hook = Task {
                try await live.hooks.post(
                    CompanionAgents.hookPath, Self.permissionRequest("touch /tmp/do-not-tell-\(UUID().uuidString)"))
            }
            let message = try #require(try await fixture.messages(on: "/push/main").first)
            #expect(message["vapidError"] == nil && message["decryptError"] == nil, "\(message)")
            #expect(message["encoding"] as? String == "aes128gcm")
            #expect(message["ttl"] as? String == "600" && message["urgency"] as? String == "high")
            let claims = try #require(message["vapid"] as? [String: Any])
            #expect(claims["k"] as? String == vapid.publicKey)
            #expect(claims["sub"] as? String == "mailto:companion@test-workstation")
            let payload = try #require(message["payload"] as? [String: Any])
            #expect(payload["kind"] as? String == "attention")
            #expect(payload["title"] as? String == "An agent needs you")
            #expect(payload["body"] as? String == "An agent needs you")
            let attentionID = try #require(payload["attentionId"] as? String)
            #expect(payload["url"] as? String == "/app/#/attention/\(attentionID)")
            let digest = try #require(payload["digest"] as? String)
            #expect(digest.count == 64)
            // --push-detail none: no tool, no project, no input.
            let text = "\(payload)"
            #expect(!text.contains("Bash") && !text.contains("secret-project") && !text.contains("do-not-tell"))
            // The payload's id and digest decide the request, as the service worker's Approve would.
            #expect(try await live.agents.approve(id: attentionID, digest: digest).decision == "allow")
            let answer = try await hook.value
            #expect(String(decoding: answer.body, as: UTF8.self).contains("allow"))
            #expect(try await live.waitForHealth { $0.sent == 1 } == PushHealth(sent: 1, failed: 0, dropped: 0))
        }
    }

    @Test func summaryDetailNamesTheToolAndProjectButNeverTheInput() async throws {
        let fixture = try await PushFixture()
        defer { fixture.remove() }
        try await fixture.live(detail: .summary) { live in
            #expect(try await live.subscribe(fixture.subscription()).status == 201)
            let hook = Task {
                try await live.hooks.post(CompanionAgents.hookPath, Self.permissionRequest("rm -rf /tmp/x"))
            }
            let payload = try #require(try await fixture.messages(on: "/push/main").first?["payload"] as? [String: Any])
            #expect(payload["body"] as? String == "Bash wants to run in secret-project")
            #expect(!"\(payload)".contains("rm -rf"))
            _ = try await live.agents.deny(
                id: try #require(payload["attentionId"] as? String), digest: payload["digest"] as? String)
            _ = try await hook.value
        }
    }

    @Test func aFinishedTaskIsNotified() async throws {
        let fixture = try await PushFixture()
        defer { fixture.remove() }
        try await fixture.live(detail: .summary) { live in
            #expect(try await live.subscribe(fixture.subscription()).status == 201)
            let key = ["X-API-Key": PushFixture.apiKey]
            let created = try await live.probe.post(
                "/v1/tasks", Data(#"{"title":"nightly build","description":"true"}"#.utf8), headers: key)
            #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
            let task = try created.decode(TaskResponse.self).task
            #expect(try await live.probe.post("/v1/tasks/\(task.id)/start", headers: key).status == 200)
            let payload = try #require(try await fixture.messages(on: "/push/main").first?["payload"] as? [String: Any])
            #expect(payload["kind"] as? String == "task_finished")
            #expect(payload["taskId"] as? String == task.id && payload["url"] as? String == "/app/#/tasks/\(task.id)")
            #expect(payload["body"] as? String == "“nightly build” succeeded")
        }
    }

    @Test func aGoneSubscriptionIsDroppedAndBusyServicesAreRetried() async throws {
        let fixture = try await PushFixture(plans: [
            "/push/gone": [410], "/push/busy": [503, 429], "/push/down": [503, 503, 503],
        ])
        defer { fixture.remove() }
        try await fixture.live { live in
            for path in ["/push/gone", "/push/busy", "/push/down"] {
                #expect(try await live.subscribe(fixture.subscription(path)).status == 201)
            }
            let push = try #require(live.sidecar.push)
            push.send(PushPayload(kind: .waiting, title: "t", body: "b", url: "/app/"), urgency: "normal")
            let health = try await live.waitForHealth { $0.sent + $0.failed + $0.dropped == 3 }
            #expect(health == PushHealth(sent: 1, failed: 1, dropped: 1))
            let busy = try await fixture.messages(on: "/push/busy", count: 3)
            #expect(busy.map { $0["status"] as? Int } == [503, 429, 201], "\(fixture.service.stdout)")
            let down = try await fixture.messages(on: "/push/down", count: 3)
            #expect(down.map { $0["status"] as? Int } == [503, 503, 503], "\(fixture.service.stdout)")
            let left = try await live.sidecar.registry.pushSubscriptions().map(\.endpoint)
            #expect(left.count == 2 && !left.contains { $0.hasSuffix("/push/gone") })
        }
    }
}
