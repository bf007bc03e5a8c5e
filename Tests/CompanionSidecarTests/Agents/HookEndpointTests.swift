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

    /// Hooks arrive over the owner socket only: bad bodies are refused there and change nothing, and the loopback
    /// HTTP route of earlier versions is gone (its only guard, a secret, travelled to whoever held the port).
    @Test func badHookBodiesAreRefusedAndTheTCPHookRouteIsGone() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live { live in
            let path = CompanionAgents.hookPath
            let tcp = try await live.probe.post(
                path, Self.body("UserPromptSubmit", extra: ["prompt": "p"]),
                headers: ["X-Companion-Hook-Secret": "anything"])
            #expect(tcp.status == 404)
            #expect(try await live.client.sessions().isEmpty)

            #expect(try await live.hooks.post(path, Data("not json".utf8)).status == 400)
            #expect(try await live.hooks.post(path, Data("{\"hook_event_name\":\"Stop\"}".utf8)).status == 400)
            let huge = Data(repeating: 0x20, count: ClaudeHookEvent.maxBodyBytes + 10)
            #expect(try await live.hooks.post(path, huge).status == 413)
            #expect(try await live.client.sessions().isEmpty)

            let good = try await live.hooks.post(path, Self.body("UserPromptSubmit"))
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

    /// A sidecar listening on the LAN (HTTPS, reached with its pin) and loopback takes no hook over TCP at all.
    @Test(.enabled(if: NetworkInterfaces.firstLANIPv4() != nil))
    func aHookFromAnotherMachineIsRefused() async throws {
        let lan = try #require(NetworkInterfaces.firstLANIPv4())
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live(hosts: ["127.0.0.1", lan]) { live in
            let listener = live.running.address.listeners[1]
            let pin = try #require(live.running.address.tlsPin).description
            let body = String(decoding: Self.body("UserPromptSubmit"), as: UTF8.self)
            let viaLAN = try await ProcessRunner.run(
                "curl",
                [
                    "-sS", "-k", "--pinnedpubkey", pin, "-o", "/dev/null", "-w", "%{http_code}", "-H",
                    "Content-Type: application/json", "-d", body, listener.url + CompanionAgents.hookPath,
                ])
            #expect(viaLAN.stdout == "404", "\(viaLAN)")
            #expect(try await live.probe.post(CompanionAgents.hookPath, Self.body("UserPromptSubmit")).status == 404)
            let sessions = try await live.client.sessions()
            #expect(sessions.isEmpty)
        }
    }

    /// Two permission requests of one session held at once (Claude Code asking about two tool uses): both are listed
    /// by `GET /api/attention`, the session shows the older, then the other once the first is answered; each hook
    /// gets its own decision.
    @Test func twoRequestsHeldAtOnceAreBothVisibleAndEachIsAnswered() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live(holdTime: .seconds(60)) { live in
            let headers: [String: String] = [:]
            let probe = live.hooks
            let log = live.events()
            _ = try await log.first("the snapshot") { $0.type == "snapshot" }
            func request(_ command: String) -> Task<HTTPReply, any Error> {
                let body = Self.body(
                    "PermissionRequest", session: "par-1",
                    extra: ["tool_name": "Bash", "tool_input": ["command": command]])
                return Task { try await probe.post(CompanionAgents.hookPath, body, headers: headers) }
            }
            let first = request("touch /tmp/first")
            let raised = try await log.first("the first request") {
                $0.type == "attention" && $0.session?.attention?.inputSummary == "touch /tmp/first"
            }
            let firstID = try #require(raised.session?.attention?.approvalId)
            let before = await log.events.count
            let second = request("touch /tmp/second")
            // A request is held before it is raised: once the session's update for it arrives, it is listed.
            _ = try await log.next(after: before, "the second request's update") {
                $0.type == "session_update" && $0.session?.id == "par-1"
            }
            let listed = try #require(try await live.client.attention().approvals)
            #expect(listed.map(\.inputSummary) == ["touch /tmp/first", "touch /tmp/second"])
            #expect(listed.allSatisfy { $0.sessionId == "par-1" && $0.tool == "Bash" })
            #expect(listed.first?.approvalId == firstID)
            let secondID = try #require(listed.last?.approvalId)
            // The session still shows the older one: the second did not hide it.
            #expect(try await live.client.session(id: "par-1").attention?.approvalId == firstID)

            #expect(try await live.client.approve(id: firstID, digest: listed.first?.digest).decision == "allow")
            let allowed = try await first.value
            #expect(String(decoding: allowed.body, as: UTF8.self).contains(#""behavior":"allow""#))
            let next = try await log.first("the second request shown") {
                $0.type == "attention" && $0.session?.attention?.approvalId == secondID
            }
            #expect(next.session?.state == "needs_input")
            #expect(try await live.client.attention().approvals?.map(\.approvalId) == [secondID])

            #expect(try await live.client.deny(id: secondID, digest: listed.last?.digest).approvalId == secondID)
            let denied = try await second.value
            #expect(String(decoding: denied.body, as: UTF8.self).contains(#""behavior":"deny""#))
            let cleared = try await live.client.attention()
            #expect(cleared.approvals == [] && cleared.count == 0)
            #expect(try await live.client.session(id: "par-1").state == "running")
            await log.stop()
        }
    }

    /// A pane that changed while a fresh hook spoke for its session, then fell silent, is read again once that hook
    /// is stale: the session follows its screen (before, it kept the hook's state for as long as the pane was quiet).
    @Test func aPaneThatChangedUnderAFreshHookIsReadAgainWhenTheHookGoesStale() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        let freshness: TimeInterval = 3
        try await fixture.live(hookFreshness: freshness) { live in
            let session = try await live.client.create(
                CreateAgentSessionRequest(project: fixture.project, command: ["cat"]))
            let log = live.events()
            _ = try await log.first("the snapshot") { $0.type == "snapshot" }
            let headers = [CompanionAgents.agentHeader: session.id]
            let hookAt = ContinuousClock.now
            let reply = try await live.hooks.post(
                CompanionAgents.hookPath, Self.body("UserPromptSubmit", session: "pane-stale-1"), headers: headers)
            #expect(reply.status == 200)
            _ = try await log.first("the hook's state") {
                $0.update(session.id, state: "running") && $0.session?.claudeSessionId == "pane-stale-1"
            }
            // The pane now shows a bare prompt (cat echoes it) and then nothing more.
            _ = try await live.client.send(id: session.id, text: "❯")
            let idle = try await log.first("the screen's state once the hook is stale", timeout: .seconds(60)) {
                $0.update(session.id, state: "idle")
            }
            let elapsed = ContinuousClock.now - hookAt
            #expect(elapsed >= .seconds(freshness), "the hook outweighed the pane while fresh: \(elapsed)")
            #expect(idle.session?.attention == nil)
            try await live.client.remove(id: session.id)
            await log.stop()
        }
    }
}
