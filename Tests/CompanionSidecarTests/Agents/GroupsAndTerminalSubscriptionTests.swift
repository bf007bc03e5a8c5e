import CompanionAPI
import CompanionAgents
import CompanionClient
import CompanionTestSupport
import Foundation
import Testing

/// The orca plan's `GET /api/groups`, the `group` filter of `GET /api/sessions` and `/ws`'s `unsubscribe_terminal`,
/// against a live sidecar: sessions made by hook events as Claude Code posts them, and tmux panes on a private
/// server.
@Suite struct GroupsAndTerminalSubscriptionTests {
    static let auth = ["Authorization": "Bearer \(AgentsFixture.apiKey)"]

    /// `GET /api/groups` answers what docs/agents.md says, byte for byte in its keys: the envelope's `data` is
    /// `{items: [{path, name, session_count, attention_count}], total}`, sorted by path; `?group=DIR` lists only
    /// that directory's sessions.
    @Test func groupsAndTheGroupFilterAnswerWhatTheDocSays() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live(hooks: false) { live in
            for (session, directory) in [("s-a", "/work/alpha"), ("s-b", "/work/beta"), ("s-c", "/work/alpha")] {
                let reply = try await live.hooks.post(
                    CompanionAgents.hookPath,
                    HookEndpointTests.body("UserPromptSubmit", session: session, extra: ["cwd": directory]))
                #expect(reply.status == 200)
            }
            let waiting = try await live.hooks.post(
                CompanionAgents.hookPath,
                HookEndpointTests.body(
                    "Notification", session: "s-c",
                    extra: ["cwd": "/work/alpha", "notification_type": "permission_prompt", "message": "May I?"]))
            #expect(waiting.status == 200)

            let reply = try await live.probe.get("/api/groups", headers: Self.auth)
            #expect(reply.status == 200)
            let object = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
            let data = try #require(object["data"] as? [String: Any], "\(object)")
            #expect(object["success"] as? Bool == true)
            #expect(data["total"] as? Int == 2)
            let items = try #require(data["items"] as? [[String: Any]])
            #expect(
                items.map { Set($0.keys) }
                    == Array(repeating: ["path", "name", "session_count", "attention_count"], count: 2))
            #expect(items.map { $0["path"] as? String } == ["/work/alpha", "/work/beta"])
            #expect(items.map { $0["name"] as? String } == ["alpha", "beta"])
            #expect(items.map { $0["session_count"] as? Int } == [2, 1])
            #expect(items.map { $0["attention_count"] as? Int } == [1, 0])
            #expect(try await live.client.groups().map(\.sessionCount) == [2, 1])

            #expect(Set(try await live.client.sessions(group: "/work/alpha").map(\.id)) == ["s-a", "s-c"])
            #expect(try await live.client.sessions(group: "/work/beta").map(\.id) == ["s-b"])
            #expect(try await live.client.sessions(group: "/work/none").isEmpty)
            #expect(Set(try await live.client.sessions().map(\.id)) == ["s-a", "s-b", "s-c"])
            let raw = try await live.probe.get("/api/sessions?group=%2Fwork%2Fbeta", headers: Self.auth)
            let rawData = try #require(
                (try JSONSerialization.jsonObject(with: raw.body) as? [String: Any])?["data"] as? [String: Any])
            #expect(rawData["total"] as? Int == 1)
            #expect((rawData["items"] as? [[String: Any]])?.first?["group"] as? String == "/work/beta")
        }
    }

    /// After `unsubscribe_terminal` a client gets no more `terminal_output` of that session, while it still gets
    /// those of the sessions it stays subscribed to. The input to the unsubscribed pane is sent first, and on the
    /// same socket after the unsubscribe (messages of one socket are handled in order), so its output, if it were
    /// still sent, would come before the other pane's.
    @Test func unsubscribeTerminalStopsThatSessionsOutputOnly() async throws {
        let fixture = try AgentsFixture(rule: { _ in .text("OK") })
        defer { fixture.remove() }
        try await fixture.live(hooks: false) { live in
            let left = try await live.client.create(
                CreateAgentSessionRequest(project: fixture.project, command: ["/bin/cat"]))
            let right = try await live.client.create(
                CreateAgentSessionRequest(project: fixture.project, command: ["/bin/cat"]))
            let log = live.events(terminals: [left.id, right.id])
            log.send(AgentClientMessage(type: "send_input", sessionId: left.id, text: "left-before", enter: true))
            _ = try await log.first("the subscribed pane's output") { $0.terminal(left.id, contains: "left-before") }

            log.send(AgentClientMessage(type: "unsubscribe_terminal", sessionId: left.id))
            for round in 1...2 {
                log.send(
                    AgentClientMessage(type: "send_input", sessionId: left.id, text: "left-after-\(round)", enter: true)
                )
                log.send(
                    AgentClientMessage(type: "send_input", sessionId: right.id, text: "right-\(round)", enter: true))
                _ = try await log.first("the other pane's output \(round)") {
                    $0.terminal(right.id, contains: "right-\(round)")
                }
            }
            // The unsubscribed pane did change: the input reached it.
            let screen = try await live.client.terminal(id: left.id, lines: 20)
            #expect(screen.lines.contains { $0.contains("left-after-2") }, "\(screen.lines)")
            let events = await log.events
            #expect(
                !events.contains { $0.terminal(left.id, contains: "left-after") },
                "\(events.map(AgentEventLog.describe))")
            await log.stop()
        }
    }
}
