import CompanionAPI
import CompanionClient
import Foundation

/// The sidecar's agent sessions as this companion reaches them (``AgentAccess/agents(url:apiKey:store:timeout:)``):
/// list, read and type into their terminals, start and remove them, answer held permission requests, follow the
/// `/ws` events. Every call throws a ``CompanionError`` with the advice of ``AgentAccess/failure(_:)``.
public struct WorkstationAgents: Sendable {
    let client: AgentClient

    /// The groups (project directories) with their session and attention counts.
    public func groups() async throws(CompanionError) -> [AgentGroupInfo] {
        try await call { client throws(CompanionClientError) in try await client.groups() }
    }

    /// Every session, most recently active first (only `group`'s when given).
    public func sessions(group: String? = nil) async throws(CompanionError) -> [AgentSessionInfo] {
        try await call { client throws(CompanionClientError) in try await client.sessions(group: group) }
    }

    /// One session.
    public func session(id: String) async throws(CompanionError) -> AgentSessionInfo {
        try await call { client throws(CompanionClientError) in try await client.session(id: id) }
    }

    /// Starts an agent in tmux on the workstation.
    public func create(_ request: CreateAgentSessionRequest) async throws(CompanionError) -> AgentSessionInfo {
        try await call { client throws(CompanionClientError) in try await client.create(request) }
    }

    /// The last `lines` lines of a session's terminal.
    public func terminal(id: String, lines: Int) async throws(CompanionError) -> AgentTerminalResponse {
        try await call { client throws(CompanionClientError) in try await client.terminal(id: id, lines: lines) }
    }

    /// Types `text` into a session (then Enter unless `enter` is false).
    public func send(id: String, text: String, enter: Bool = true) async throws(CompanionError) -> AgentSessionInfo {
        try await call { client throws(CompanionClientError) in try await client.send(id: id, text: text, enter: enter)
        }
    }

    /// The sessions needing attention, with the held permission requests.
    public func attention() async throws(CompanionError) -> AgentAttentionResponse {
        try await call { client throws(CompanionClientError) in try await client.attention() }
    }

    /// Allows the held permission request `id`, whose `digest` is that of the request shown to the person: the
    /// sidecar refuses (409) when the request it holds is not that one; `always` also keeps the rule Claude Code
    /// suggested.
    public func approve(id: String, digest: String?, always: Bool = false) async throws(CompanionError)
        -> ApprovalDecisionResponse
    {
        try await call { client throws(CompanionClientError) in
            try await client.approve(id: id, digest: digest, always: always)
        }
    }

    /// Denies the held permission request `id`, whose `digest` is that of the request shown to the person.
    public func deny(id: String, digest: String?) async throws(CompanionError) -> ApprovalDecisionResponse {
        try await call { client throws(CompanionClientError) in try await client.deny(id: id, digest: digest) }
    }

    /// Ends and forgets a session the sidecar started.
    public func remove(id: String) async throws(CompanionError) {
        try await call { client throws(CompanionClientError) in try await client.remove(id: id) }
    }

    private func call<T>(_ body: (AgentClient) async throws(CompanionClientError) -> T) async throws(CompanionError)
        -> T
    {
        do { return try await body(client) } catch { throw AgentAccess.failure(error) }
    }
}
