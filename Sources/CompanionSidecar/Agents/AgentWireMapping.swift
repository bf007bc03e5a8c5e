import CompanionAPI
import CompanionAgents
import Foundation

extension AgentSessionInfo {
    /// The wire form of a session (dates whole seconds, as every answer of the sidecar).
    init(_ session: AgentSession) {
        self.init(
            id: session.id, source: session.source.rawValue, state: session.state.rawValue,
            attention: session.attention.map(AgentAttentionInfo.init), project: session.project, group: session.group,
            lastActivity: session.lastActivity, summary: session.summary, claudeSessionId: session.claudeSessionID,
            tmuxSession: session.tmuxSession)
    }
}

extension AgentAttentionInfo {
    init(_ attention: AgentAttention) {
        self.init(
            kind: attention.kind.rawValue, since: attention.since, tool: attention.toolName,
            inputSummary: attention.inputSummary, approvalId: attention.approvalID, detail: attention.detail,
            digest: attention.digest)
    }
}

extension AgentGroupInfo {
    /// One group per project directory, by path.
    static func groups(_ sessions: [AgentSession]) -> [AgentGroupInfo] {
        Dictionary(grouping: sessions, by: \.group).map { path, members in
            AgentGroupInfo(
                path: path, name: (path as NSString).lastPathComponent, sessionCount: members.count,
                attentionCount: members.filter { $0.attention != nil }.count)
        }.sorted { $0.path < $1.path }
    }
}

extension AgentPendingApproval {
    init(_ request: ApprovalRequest) {
        self.init(
            approvalId: request.id, sessionId: request.sessionKey, tool: request.toolName,
            inputSummary: request.inputSummary, project: request.project, since: request.since,
            digest: request.digest, input: request.input, inputBytes: request.inputBytes,
            alwaysRules: request.alwaysRules.map(\.text))
    }
}
