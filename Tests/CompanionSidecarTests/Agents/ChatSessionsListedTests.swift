import CompanionAPI
import CompanionClient
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// The chats the sidecar runs (its Claude Code API) are part of the agent session list.
    @Suite struct ChatSessionsListedTests {
        @Test func aChatOfTheSidecarIsListedWithItsProject() async throws {
            let fixture = try AgentsFixture(rule: { _ in .text("OK") })
            defer { fixture.remove() }
            try await fixture.live(chats: true) { live in
                let claude = ClaudeCodeClient(transport: live.client.transport)
                let chat = try await claude.createSession(CreateSessionRequest(name: "a chat"))
                let sessions = try await live.client.sessions()
                let listed = try #require(sessions.first { $0.id == chat.id.uuidString.lowercased() })
                #expect(listed.source == "chat")
                #expect(listed.state == "idle")
                #expect(listed.summary == "a chat")
                #expect(try await live.client.session(id: listed.id).id == listed.id)
                // The /ws snapshot lists what the REST list does, the chat included.
                let log = live.events()
                let snapshot = try await log.first("the snapshot") { $0.type == "snapshot" }
                #expect(snapshot.sessions?.map(\.id) == sessions.map(\.id))
                #expect(snapshot.sessions?.first { $0.id == listed.id }?.source == "chat")
                await log.stop()
                // Only sessions the sidecar started in tmux can be removed through the agent routes.
                await #expect(throws: CompanionClientError.self) { try await live.client.remove(id: listed.id) }
            }
        }
    }
}
