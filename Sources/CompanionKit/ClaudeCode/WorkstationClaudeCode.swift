import CompanionAPI
import CompanionClient
import Foundation

/// The sidecar's Claude Code API as this companion reaches it (``ClaudeCodeAccess/claudeCode(url:apiKey:store:timeout:)``):
/// projects, sessions and their transcripts, chat, the dashboard's counts. Every call throws a ``CompanionError``
/// with the advice of ``ClaudeCodeAccess/failure(_:)`` (pair or give the key, list sessions, install Claude Code).
public struct WorkstationClaudeCode: Sendable {
    let client: ClaudeCodeClient

    /// The workstation's Claude Code projects.
    public func projects() async throws(CompanionError) -> ListResponse<Project> {
        try await call { client throws(CompanionClientError) in try await client.projects() }
    }

    /// One project.
    public func project(id: UUID) async throws(CompanionError) -> Project {
        try await call { client throws(CompanionClientError) in try await client.project(id: id) }
    }

    /// The sessions of one project.
    public func projectSessions(id: UUID) async throws(CompanionError) -> ListResponse<ChatSession> {
        try await call { client throws(CompanionClientError) in try await client.projectSessions(id: id) }
    }

    /// One page of sessions (the sidecar's and the external ones), most recently active first.
    public func sessions(page: Int? = nil, limit: Int? = nil, projectId: UUID? = nil) async throws(CompanionError)
        -> PaginatedResponse<ChatSession>
    {
        try await call { client throws(CompanionClientError) in
            try await client.sessions(page: page, limit: limit, projectId: projectId)
        }
    }

    /// One session.
    public func session(id: UUID) async throws(CompanionError) -> ChatSession {
        try await call { client throws(CompanionClientError) in try await client.session(id: id) }
    }

    /// Creates a session the sidecar will run.
    public func createSession(_ request: CreateSessionRequest) async throws(CompanionError) -> ChatSession {
        try await call { client throws(CompanionClientError) in try await client.createSession(request) }
    }

    /// Deletes a session the sidecar runs (its Claude Code transcript stays on the workstation).
    public func deleteSession(id: UUID) async throws(CompanionError) -> DeletedResponse {
        try await call { client throws(CompanionClientError) in try await client.deleteSession(id: id) }
    }

    /// Forks a session: a new session with the same history; the original is left as it is.
    public func forkSession(id: UUID) async throws(CompanionError) -> ChatSession {
        try await call { client throws(CompanionClientError) in try await client.forkSession(id: id) }
    }

    /// The messages of a session, `limit` from `offset` (oldest first).
    public func messages(sessionId: UUID, limit: Int? = nil, offset: Int? = nil) async throws(CompanionError)
        -> ListResponse<Message>
    {
        try await call { client throws(CompanionClientError) in
            try await client.messages(sessionId: sessionId, limit: limit, offset: offset)
        }
    }

    /// Stops the run streaming in a session; the partial answer is kept and the session can be continued.
    public func cancelChat(sessionId: UUID) async throws(CompanionError) -> CancelledResponse {
        try await call { client throws(CompanionClientError) in try await client.cancelChat(sessionId: sessionId) }
    }

    /// The dashboard's counts.
    public func stats() async throws(CompanionError) -> StatsResponse {
        try await call { client throws(CompanionClientError) in try await client.stats() }
    }

    /// The most recently active sessions.
    public func recentSessions(limit: Int? = nil) async throws(CompanionError) -> RecentSessionsResponse {
        try await call { client throws(CompanionClientError) in try await client.recentSessions(limit: limit) }
    }

    /// The sidecar's `GET /health`: whether Claude Code is available on the workstation, and its version.
    public func health() async throws(CompanionError) -> HealthResponse {
        try await call { client throws(CompanionClientError) in
            try await CompanionAPIClient(transport: client.transport).health()
        }
    }

    func call<T>(_ body: (ClaudeCodeClient) async throws(CompanionClientError) -> T)
        async throws(CompanionError) -> T
    {
        do { return try await body(client) } catch { throw ClaudeCodeAccess.failure(error) }
    }
}
