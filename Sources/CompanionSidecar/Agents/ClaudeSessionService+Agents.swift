import CompanionAgents
import CompanionClaudeCode
import Foundation

extension ClaudeSessionService {
    /// The chats this sidecar runs, as agent sessions (`source: chat`): running while a run streams, else idle.
    func agentSessions() async -> [AgentSession] {
        guard let all = try? await store.all() else { return [] }
        return all.map { chat in
            AgentSession(
                id: chat.id.uuidString.lowercased(), source: .chat, claudeSessionID: chat.claudeSessionId,
                project: chat.projectPath, state: chat.status == .active ? .running : .idle,
                attention: chat.status == .error
                    ? AgentAttention(kind: .error, since: chat.lastActiveAt, detail: "the last run failed") : nil,
                lastActivity: chat.lastActiveAt, summary: chat.name)
        }
    }
}
