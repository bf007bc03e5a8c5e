import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// The agent session wire types against the fixtures in TestVectors/agents: decoded with the API's rules, and
/// re-encoded to the same JSON.
@Suite struct AgentContractTests {
    func roundTrip<T: Codable>(_ type: T.Type, _ name: String) throws -> T {
        let data = try Data(contentsOf: TestPaths.testVectors.appendingPathComponent("agents/\(name)"))
        let decoded = try ClaudeAPIJSON.decode(T.self, from: data)
        let original = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(try JSONDecoder().decode(JSONValue.self, from: ClaudeAPIJSON.encode(decoded)) == original)
        return decoded
    }

    @Test func aSessionNeedingApprovalInTheEnvelope() throws {
        let session = try #require(try roundTrip(APIResponse<AgentSessionInfo>.self, "session-envelope.json").data)
        #expect(session.state == "needs_input")
        #expect(session.attention?.approvalId == "ap-UkyGG061fLvx")
        #expect(ClaudeAPIJSON.string(from: session.lastActivity) == "2026-11-23T23:10:04Z")
    }

    @Test func socketMessagesBothWays() throws {
        let attention = try roundTrip(AgentEventMessage.self, "event-attention.json")
        #expect(attention.type == "attention" && attention.seq == 42)
        #expect(attention.session?.attention?.kind == "input")
        #expect(attention.epoch == "5f0c2a91d4e7b368")
        let terminal = try roundTrip(AgentEventMessage.self, "event-terminal-output.json")
        #expect(terminal.lines == ["❯ please make the file", "● Done."])
        #expect(terminal.epoch == nil)  // an older sidecar's event, without the run's epoch
        let snapshot = try roundTrip(AgentEventMessage.self, "event-snapshot.json")
        #expect(snapshot.type == "snapshot" && snapshot.seq == 0 && snapshot.epoch == "9b1e04c7a2f35d80")
        #expect(snapshot.sessions?.map(\.id) == ["ag-hfB08LnX"] && snapshot.sessions?.first?.tmuxSession != nil)
        let input = try roundTrip(AgentClientMessage.self, "client-send-input.json")
        #expect(input == AgentClientMessage(type: "send_input", sessionId: "ag-hfB08LnX", text: "yes", enter: true))
        let empty = try #require(
            try roundTrip(APIResponse<AgentAttentionResponse>.self, "attention-envelope.json").data)
        #expect(empty.count == 0 && empty.sessions.isEmpty)
    }
}
