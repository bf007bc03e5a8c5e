import CompanionAPI
import Foundation

/// The client of the sidecar's Claude Code API (`/api/v1`, the ILS app's contract): projects, sessions,
/// transcripts, chat and the dashboard's stats. Every call goes through the one ``SidecarTransport``; answers
/// are unwrapped from the `APIResponse` envelope, and an error envelope becomes a ``CompanionClientError``.
public struct ClaudeCodeClient: Sendable {
    /// The transport requests go through (its authentication signs them or carries the API key).
    public let transport: SidecarTransport

    public init(transport: SidecarTransport) {
        self.transport = transport
    }

    func get<T: Codable & Sendable>(_ endpoint: CompanionEndpoint, as type: T.Type = T.self)
        async throws(CompanionClientError) -> T
    {
        let (status, data) = try await transport.send(endpoint)
        return try ResponseDecoder.decodeEnvelope(T.self, data: data, status: status, endpoint: endpoint)
    }

    func send<T: Codable & Sendable>(_ endpoint: CompanionEndpoint, body: some Encodable)
        async throws(CompanionClientError) -> T
    {
        let encoded: Data
        do { encoded = try ClaudeAPIJSON.encode(body) } catch {
            throw .validation(.invalidRequest("the request could not be encoded"))
        }
        let (status, data) = try await transport.send(endpoint, body: encoded)
        return try ResponseDecoder.decodeEnvelope(T.self, data: data, status: status, endpoint: endpoint)
    }

    /// The workstation's Claude Code projects.
    public func projects() async throws(CompanionClientError) -> ListResponse<Project> {
        try await get(.projects)
    }

    /// One project.
    public func project(id: UUID) async throws(CompanionClientError) -> Project {
        try await get(.project(id: id))
    }

    /// The sessions of one project.
    public func projectSessions(id: UUID) async throws(CompanionClientError) -> ListResponse<ChatSession> {
        try await get(.projectSessions(id: id))
    }

    /// One page of sessions (the sidecar's and the external ones), most recently active first.
    public func sessions(page: Int? = nil, limit: Int? = nil, projectId: UUID? = nil)
        async throws(CompanionClientError) -> PaginatedResponse<ChatSession>
    {
        try await get(.sessions(page: page, limit: limit, projectId: projectId))
    }

    /// The external sessions found in the workstation's transcripts.
    public func scanSessions() async throws(CompanionClientError) -> SessionScanResponse {
        try await get(.scanSessions)
    }

    /// One session.
    public func session(id: UUID) async throws(CompanionClientError) -> ChatSession {
        try await get(.session(id: id))
    }

    /// Creates a session the sidecar will run.
    public func createSession(_ request: CreateSessionRequest) async throws(CompanionClientError) -> ChatSession {
        try await send(.createSession, body: request)
    }

    /// Deletes a session the sidecar runs (its Claude Code transcript stays on the workstation).
    public func deleteSession(id: UUID) async throws(CompanionClientError) -> DeletedResponse {
        try await get(.deleteSession(id: id))
    }

    /// Forks a session: a new session with the same history; the original is left as it is.
    public func forkSession(id: UUID) async throws(CompanionClientError) -> ChatSession {
        try await send(.forkSession(id: id), body: [String: String]())
    }

    /// The messages of a session, `limit` from `offset` (oldest first).
    public func messages(sessionId: UUID, limit: Int? = nil, offset: Int? = nil)
        async throws(CompanionClientError) -> ListResponse<Message>
    {
        try await get(.sessionMessages(id: sessionId, limit: limit, offset: offset))
    }

    /// The transcript of any session on the workstation, by its directory and Claude session id.
    public func transcript(encodedProjectPath: String, sessionId: String, limit: Int? = nil, offset: Int? = nil)
        async throws(CompanionClientError) -> ListResponse<Message>
    {
        try await get(
            .transcript(encodedProjectPath: encodedProjectPath, sessionId: sessionId, limit: limit, offset: offset))
    }

    /// Sends a prompt and streams the answer (``ChatStream``).
    public func chat(_ request: ChatStreamRequest, lastEventID: String? = nil) async throws(CompanionClientError)
        -> ChatStream
    {
        let body: Data
        do { body = try ClaudeAPIJSON.encode(request) } catch {
            throw .validation(.invalidRequest("the request could not be encoded"))
        }
        let (headers, events) = try await transport.openEventStream(
            .chatStream, body: body, lastEventID: lastEventID)
        let sessionID = headers.first { $0.key.lowercased() == "x-session-id" }.flatMap { UUID(uuidString: $0.value) }
        return ChatStream(sessionID: sessionID, events: events)
    }

    /// Stops the run streaming in a session; the partial answer is kept and the session can be continued.
    public func cancelChat(sessionId: UUID) async throws(CompanionClientError) -> CancelledResponse {
        try await send(.cancelChat(sessionId: sessionId), body: [String: String]())
    }

    /// The dashboard's counts.
    public func stats() async throws(CompanionClientError) -> StatsResponse { try await get(.stats) }

    /// The most recently active sessions.
    public func recentSessions(limit: Int? = nil) async throws(CompanionClientError) -> RecentSessionsResponse {
        try await get(.recentSessions(limit: limit))
    }
}
