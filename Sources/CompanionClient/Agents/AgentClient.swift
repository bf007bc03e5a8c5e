import CompanionAPI
import Foundation

/// The client of the sidecar's agent session routes (`/api/sessions…`, `/api/attention`, approvals): answers are
/// unwrapped from the `APIResponse` envelope; an error envelope becomes a ``CompanionClientError``.
public struct AgentClient: Sendable {
    /// The transport requests go through.
    public let transport: SidecarTransport

    public init(transport: SidecarTransport) {
        self.transport = transport
    }

    private func call<T: Codable & Sendable>(_ endpoint: CompanionEndpoint, body: (some Encodable)? = String?.none)
        async throws(CompanionClientError) -> T
    {
        var encoded: Data?
        if let body {
            do { encoded = try ClaudeAPIJSON.encode(body) } catch {
                throw .validation(.invalidRequest("the request could not be encoded"))
            }
        }
        let (status, data) = try await transport.send(endpoint, body: encoded)
        return try ResponseDecoder.decodeEnvelope(T.self, data: data, status: status, endpoint: endpoint)
    }

    /// The groups (project directories) with their session and attention counts.
    public func groups() async throws(CompanionClientError) -> [AgentGroupInfo] {
        let list: ListResponse<AgentGroupInfo> = try await call(.agentGroups)
        return list.items
    }

    /// Every session, most recently active first (only `group`'s when given).
    public func sessions(group: String? = nil) async throws(CompanionClientError) -> [AgentSessionInfo] {
        let list: ListResponse<AgentSessionInfo> = try await call(.agentSessions(group: group))
        return list.items
    }

    /// One session.
    public func session(id: String) async throws(CompanionClientError) -> AgentSessionInfo {
        try await call(.agentSession(id: id))
    }

    /// Starts an agent in tmux on the workstation.
    public func create(_ request: CreateAgentSessionRequest) async throws(CompanionClientError) -> AgentSessionInfo {
        try await call(.createAgentSession, body: request)
    }

    /// Ends and forgets a session the sidecar started.
    public func remove(id: String) async throws(CompanionClientError) {
        let _: DeletedResponse = try await call(.deleteAgentSession(id: id))
    }

    /// The last `lines` lines of a session's terminal.
    public func terminal(id: String, lines: Int) async throws(CompanionClientError) -> AgentTerminalResponse {
        try await call(.agentTerminal(id: id, lines: lines))
    }

    /// Types `text` into a session (then Enter unless `enter` is false).
    public func send(id: String, text: String, enter: Bool = true) async throws(CompanionClientError)
        -> AgentSessionInfo
    {
        try await call(.agentInput(id: id), body: AgentInputRequest(text: text, enter: enter))
    }

    /// The sessions needing attention.
    public func attention() async throws(CompanionClientError) -> AgentAttentionResponse {
        try await call(.agentAttention)
    }

    /// Allows the held permission request `id`, whose `digest` (`AgentPendingApproval.digest`) is that of the
    /// request shown to the person: the sidecar refuses (409) when the request it holds is not that one.
    public func approve(id: String, digest: String?, always: Bool = false) async throws(CompanionClientError)
        -> ApprovalDecisionResponse
    {
        try await call(.approve(id: id), body: ApproveRequest(always: always, digest: digest))
    }

    /// Denies the held permission request `id`, whose `digest` is that of the request shown to the person.
    public func deny(id: String, digest: String?) async throws(CompanionClientError) -> ApprovalDecisionResponse {
        try await call(.deny(id: id), body: DenyRequest(digest: digest))
    }
}
