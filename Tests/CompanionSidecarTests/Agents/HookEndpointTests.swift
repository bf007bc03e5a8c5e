import CompanionAPI
import CompanionAgents
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The hook endpoint and `/ws` without Claude Code: hook bodies posted as Claude Code posts them.
@Suite struct HookEndpointTests {
    static func body(_ name: String, session: String = "c0ffee-1", extra: [String: Any] = [:]) -> Data {
        var object: [String: Any] = [
            "hook_event_name": name, "session_id": session, "cwd": "/work/project", "permission_mode": "default",
            "transcript_path": "/x.jsonl",
        ]
        object.merge(extra) { $1 }
        return try! JSONSerialization.data(withJSONObject: object)
    }

    func secret(_ fixture: AgentsFixture) throws -> String {
        let settings =
            try JSONSerialization.jsonObject(with: Data(contentsOf: fixture.sandbox.settingsFile)) as? [String: Any]
        let hooks = settings?["hooks"] as? [String: [[String: Any]]]
        let hook = (hooks?["Stop"]?.last?["hooks"] as? [[String: Any]])?.first
        return try #require((hook?["headers"] as? [String: String])?[CompanionAgents.secretHeader])
    }

    @Test func aForgedHookChangesNothingAndBadBodiesAreRefused() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live { live in
            let path = CompanionAgents.hookPath
            let wrong = try await live.probe.post(
                path, Self.body("UserPromptSubmit", extra: ["prompt": "p"]),
                headers: [CompanionAgents.secretHeader: "not-the-secret"])
            #expect(wrong.status == 401)
            let missing = try await live.probe.post(path, Self.body("UserPromptSubmit"))
            #expect(missing.status == 401)
            #expect(try await live.client.sessions().isEmpty)

            let headers = [CompanionAgents.secretHeader: try secret(fixture)]
            #expect(try await live.probe.post(path, Data("not json".utf8), headers: headers).status == 400)
            #expect(
                try await live.probe.post(path, Data("{\"hook_event_name\":\"Stop\"}".utf8), headers: headers).status
                    == 400)
            let huge = Data(repeating: 0x20, count: ClaudeHookEvent.maxBodyBytes + 10)
            #expect(try await live.probe.post(path, huge, headers: headers).status == 413)
            #expect(try await live.client.sessions().isEmpty)

            let good = try await live.probe.post(path, Self.body("UserPromptSubmit"), headers: headers)
            #expect(good.status == 200)
            #expect(String(decoding: good.body, as: UTF8.self) == "{}")
            let sessions = try await live.client.sessions()
            #expect(sessions.map(\.id) == ["c0ffee-1"])
            #expect(sessions.first?.state == "running")
            // The agent routes need the key (or a signature), like the rest of the API.
            #expect(try await live.probe.get("/api/sessions").status == 401)
        }
    }

    /// A sidecar bound to every interface still takes hooks from this machine only, secret or not.
    @Test(.enabled(if: NetworkInterfaces.firstLANIPv4() != nil))
    func aHookFromAnotherMachineIsRefused() async throws {
        let lan = try #require(NetworkInterfaces.firstLANIPv4())
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live(host: "0.0.0.0") { live in
            let viaLAN = HTTPProbe(baseURL: URL(string: "http://\(lan):\(live.running.address.port)")!)
            let headers = [CompanionAgents.secretHeader: try secret(fixture)]
            let refused = try await viaLAN.post(
                CompanionAgents.hookPath, Self.body("UserPromptSubmit"), headers: headers)
            #expect(refused.status == 403)
            #expect(try await live.client.sessions().isEmpty)
            let local = try await live.probe.post(
                CompanionAgents.hookPath, Self.body("UserPromptSubmit"), headers: headers)
            #expect(local.status == 200)
        }
    }

    @Test func aResumingClientGetsEveryEventItMissedInOrder() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live { live in
            let headers = [CompanionAgents.secretHeader: try secret(fixture)]
            let first = live.events()
            let snapshot = try await first.first("the snapshot") { $0.type == "snapshot" }
            _ = try await live.probe.post(
                CompanionAgents.hookPath, Self.body("UserPromptSubmit", session: "s-1"), headers: headers)
            let seen = try await first.first("the first update") { $0.update("s-1", state: "running") }
            await first.stop()
            // While disconnected: more changes.
            for (name, session) in [("Stop", "s-1"), ("UserPromptSubmit", "s-2"), ("SessionEnd", "s-1")] {
                let reply = try await live.probe.post(
                    CompanionAgents.hookPath,
                    Self.body(name, session: session, extra: ["last_assistant_message": "answer of \(session)"]),
                    headers: headers)
                #expect(reply.status == 200)
            }
            let resumed = live.events(after: seen.seq)
            _ = try await resumed.first("the last missed change") { $0.update("s-1", state: "dead") }
            let events = await resumed.events
            let seqs = events.compactMap(\.seq)
            #expect(seqs.first == seen.seq! + 1)
            #expect(seqs == Array(seqs.first!...seqs.last!))  // no gap
            #expect(!events.contains { $0.type == "snapshot" })
            #expect(events.contains { $0.type == "summary_update" && $0.summary == "answer of s-1" })
            #expect(events.contains { $0.update("s-2", state: "running") })
            #expect(snapshot.sessions == [])
            await resumed.stop()

            // A client resuming from a number the sidecar no longer has gets a snapshot.
            let stale = live.events(after: 1_000_000)
            let fresh = try await stale.first("a snapshot") { $0.type == "snapshot" }
            #expect(Set(fresh.sessions?.map(\.id) ?? []) == ["s-1", "s-2"])
            await stale.stop()
        }
    }
}
