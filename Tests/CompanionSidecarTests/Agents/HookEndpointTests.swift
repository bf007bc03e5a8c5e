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

    /// `send_input` over `/ws` types into a real tmux session (running `cat`), is seen as `terminal_output` by the
    /// subscribed connection, and is audited with a digest, never the text.
    @Test func inputSentOverTheSocketReachesTheTerminalAndIsAudited() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live { live in
            let session = try await live.client.create(
                CreateAgentSessionRequest(project: fixture.project, command: ["cat"]))
            #expect(session.source == "tmux" && session.state == "running")
            let log = live.events(
                terminals: [session.id],
                then: [AgentClientMessage(type: "send_input", sessionId: session.id, text: "typed over the socket")])
            _ = try await log.first("the echo") { $0.terminal(session.id, contains: "typed over the socket") }
            let rows = try await live.sidecar.registry.auditLog().filter { $0.event == .agentInput }
            #expect(rows.count == 1)
            #expect(rows.first?.detail?.hasPrefix("session=\(session.id) sha256=") == true)
            #expect(rows.first?.detail?.contains("typed") == false)
            let terminal = try await live.client.terminal(id: session.id, lines: 5)
            #expect(terminal.lines.contains { $0.contains("typed over the socket") })
            // A session nobody runs in a terminal the sidecar owns cannot be typed into.
            let unknown = live.events(then: [AgentClientMessage(type: "send_input", sessionId: "nope", text: "x")])
            let refused = try await unknown.first("the refusal") { $0.type == "error" }
            #expect(refused.message?.contains("no agent session") == true)
            try await live.client.remove(id: session.id)
            await log.stop()
            await unknown.stop()
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
