import Foundation

/// The Claude Code endpoints (the ILS app's contract, under `/api/v1`): signed requests, or the sidecar's API
/// key as `Authorization: Bearer`.
extension CompanionEndpoint {
    private static func api(_ method: String, _ path: String, _ query: [URLQueryItem] = []) -> CompanionEndpoint {
        CompanionEndpoint(method: method, path: "/api/v1" + path, query: query, auth: .signatureOrBearer)
    }

    private static func items(_ pairs: [(String, Int?)]) -> [URLQueryItem] {
        pairs.compactMap { name, value in value.map { URLQueryItem(name: name, value: String($0)) } }
    }

    /// `GET /api/v1/projects`.
    public static let projects = api("GET", "/projects")
    /// `GET /api/v1/projects/:id`.
    public static func project(id: UUID) -> CompanionEndpoint { api("GET", "/projects/\(id.uuidString)") }
    /// `GET /api/v1/projects/:id/sessions`.
    public static func projectSessions(id: UUID) -> CompanionEndpoint {
        api("GET", "/projects/\(id.uuidString)/sessions")
    }
    /// `GET /api/v1/sessions`: sidecar and external sessions merged, most recent first, one page.
    public static func sessions(page: Int? = nil, limit: Int? = nil, projectId: UUID? = nil) -> CompanionEndpoint {
        var query = items([("page", page), ("limit", limit)])
        if let projectId { query.append(URLQueryItem(name: "projectId", value: projectId.uuidString)) }
        return api("GET", "/sessions", query)
    }
    /// `POST /api/v1/sessions`.
    public static let createSession = api("POST", "/sessions")
    /// `GET /api/v1/sessions/scan`: the external sessions found in the transcripts.
    public static let scanSessions = api("GET", "/sessions/scan")
    /// `GET /api/v1/sessions/:id`.
    public static func session(id: UUID) -> CompanionEndpoint { api("GET", "/sessions/\(id.uuidString)") }
    /// `DELETE /api/v1/sessions/:id`.
    public static func deleteSession(id: UUID) -> CompanionEndpoint { api("DELETE", "/sessions/\(id.uuidString)") }
    /// `POST /api/v1/sessions/:id/fork`.
    public static func forkSession(id: UUID) -> CompanionEndpoint { api("POST", "/sessions/\(id.uuidString)/fork") }
    /// `GET /api/v1/sessions/:id/messages`, `limit` messages from `offset`.
    public static func sessionMessages(id: UUID, limit: Int? = nil, offset: Int? = nil) -> CompanionEndpoint {
        api("GET", "/sessions/\(id.uuidString)/messages", items([("limit", limit), ("offset", offset)]))
    }
    /// `GET /api/v1/sessions/transcript/:encodedProjectPath/:sessionId`.
    public static func transcript(encodedProjectPath: String, sessionId: String, limit: Int? = nil, offset: Int? = nil)
        -> CompanionEndpoint
    {
        api(
            "GET", "/sessions/transcript/\(segment(encodedProjectPath))/\(segment(sessionId))",
            items([("limit", limit), ("offset", offset)]))
    }
    /// `POST /api/v1/chat/stream` (Server-Sent Events).
    public static let chatStream = api("POST", "/chat/stream")
    /// `POST /api/v1/chat/cancel/:sessionId`.
    public static func cancelChat(sessionId: UUID) -> CompanionEndpoint {
        api("POST", "/chat/cancel/\(sessionId.uuidString)")
    }
    /// `GET /api/v1/stats`.
    public static let stats = api("GET", "/stats")
    /// `GET /api/v1/stats/recent`.
    public static func recentSessions(limit: Int? = nil) -> CompanionEndpoint {
        api("GET", "/stats/recent", items([("limit", limit)]))
    }
}
