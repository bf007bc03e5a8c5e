import CompanionAPI
import Foundation

/// What the `/api/v1` routes ask of Claude Code on the workstation, in the API's own types. The routes only
/// translate HTTP to these calls (query parameters, bodies, the envelope, Server-Sent Events); the sidecar's
/// implementation (``ClaudeSessionService``) answers them from `CompanionClaudeCode`. Every expected failure is a
/// ``SidecarError`` (404 for unknown ids, 400 for invalid options, 409 for a session already answering, 503
/// when the `claude` CLI is missing).
package protocol ClaudeCodeBackend: Sendable {
    /// What `/health` says about Claude Code.
    func health() async -> ClaudeHealth
    func projects() async throws(SidecarError) -> [Project]
    func project(id: UUID) async throws(SidecarError) -> Project
    func projectSessions(id: UUID) async throws(SidecarError) -> [ChatSession]
    /// Sessions the sidecar runs and external ones merged, most recently active first, filtered.
    func sessions(_ query: SessionQuery) async throws(SidecarError) -> [ChatSession]
    func scan() async throws(SidecarError) -> SessionScanResponse
    func session(id: UUID) async throws(SidecarError) -> ChatSession
    func createSession(_ request: CreateSessionRequest) async throws(SidecarError) -> ChatSession
    func deleteSession(id: UUID) async throws(SidecarError)
    func forkSession(id: UUID) async throws(SidecarError) -> ChatSession
    /// `limit` messages from `offset` (oldest first) and the total.
    func messages(sessionId: UUID, limit: Int, offset: Int) async throws(SidecarError) -> ListResponse<Message>
    func transcript(encodedProjectPath: String, sessionId: String, limit: Int, offset: Int)
        async throws(SidecarError) -> ListResponse<Message>
    /// Starts a run (or, with `resumeAfter`, re-attaches to the run this same request started) and returns its
    /// session and frames. A stored session's options are checked against `caller`'s scopes
    /// (``RouteScopes/optionRules``, `session.permissionMode`) before anything starts.
    func chat(_ request: ChatStreamRequest, resumeAfter: String?, caller: ChatCaller) async throws(SidecarError)
        -> ChatRunStream
    /// Cancels the session's running answer; false when none was running.
    func cancelChat(sessionId: UUID) async throws(SidecarError) -> Bool
    func stats() async throws(SidecarError) -> StatsResponse
}

/// Filters of `GET /sessions`.
package struct SessionQuery: Sendable, Equatable {
    package var projectId: UUID?
    /// Case-insensitive, in the name, project name and first prompt.
    package var search: String?
    /// Re-read the transcripts before answering.
    package var refresh: Bool

    package init(projectId: UUID? = nil, search: String? = nil, refresh: Bool = false) {
        self.projectId = projectId
        self.search = search
        self.refresh = refresh
    }
}

/// A chat answer being streamed: its session and its frames (each message with its SSE id, then `done`).
package struct ChatRunStream: Sendable {
    package var sessionID: UUID
    package var frames: AsyncStream<ChatStreamFrame>

    package init(sessionID: UUID, frames: AsyncStream<ChatStreamFrame>) {
        self.sessionID = sessionID
        self.frames = frames
    }
}

/// One event of a chat stream: a stream message with its SSE id (unique within the session's runs), or the end.
/// Who sends a chat message: the scopes of the signing device (or of the API key) and the device's id.
package struct ChatCaller: Sendable, Equatable {
    package var scopes: Set<DeviceScope>
    package var deviceID: String?

    package init(scopes: Set<DeviceScope>, deviceID: String?) {
        self.scopes = scopes
        self.deviceID = deviceID
    }
}

package enum ChatStreamFrame: Sendable, Equatable {
    case message(id: String, StreamMessage)
    case done
}

/// What `GET /health` says about Claude Code: whether the CLI was found, its version, and otherwise what is
/// missing and how to fix it.
package struct ClaudeHealth: Sendable, Equatable {
    package var available: Bool
    package var version: String?
    package var problem: String?

    package init(available: Bool, version: String? = nil, problem: String? = nil) {
        self.available = available
        self.version = version
        self.problem = problem
    }
}
