import Foundation

extension CompanionEndpoint {
    // MARK: Agent sessions (the orca plan's paths; signed or Bearer, like /api/v1)

    /// `GET /api/groups`.
    public static let agentGroups = CompanionEndpoint(method: "GET", path: "/api/groups", auth: .signatureOrBearer)
    /// `GET /api/sessions[?group=]`.
    public static func agentSessions(group: String? = nil) -> CompanionEndpoint {
        CompanionEndpoint(
            method: "GET", path: "/api/sessions", query: group.map { [URLQueryItem(name: "group", value: $0)] } ?? [],
            auth: .signatureOrBearer)
    }
    /// `POST /api/sessions`.
    public static let createAgentSession = CompanionEndpoint(
        method: "POST", path: "/api/sessions", auth: .signatureOrBearer)
    /// `GET /api/sessions/:id`.
    public static func agentSession(id: String) -> CompanionEndpoint {
        CompanionEndpoint(method: "GET", path: "/api/sessions/\(segment(id))", auth: .signatureOrBearer)
    }
    /// `DELETE /api/sessions/:id`.
    public static func deleteAgentSession(id: String) -> CompanionEndpoint {
        CompanionEndpoint(method: "DELETE", path: "/api/sessions/\(segment(id))", auth: .signatureOrBearer)
    }
    /// `GET /api/sessions/:id/terminal?lines=N`.
    public static func agentTerminal(id: String, lines: Int) -> CompanionEndpoint {
        CompanionEndpoint(
            method: "GET", path: "/api/sessions/\(segment(id))/terminal",
            query: [URLQueryItem(name: "lines", value: String(lines))], auth: .signatureOrBearer)
    }
    /// `POST /api/sessions/:id/input`.
    public static func agentInput(id: String) -> CompanionEndpoint {
        CompanionEndpoint(method: "POST", path: "/api/sessions/\(segment(id))/input", auth: .signatureOrBearer)
    }
    /// `GET /api/attention`.
    public static let agentAttention = CompanionEndpoint(
        method: "GET", path: "/api/attention", auth: .signatureOrBearer)
    /// `POST /api/approvals/:id/approve`.
    public static func approve(id: String) -> CompanionEndpoint {
        CompanionEndpoint(method: "POST", path: "/api/approvals/\(segment(id))/approve", auth: .signatureOrBearer)
    }
    /// `POST /api/approvals/:id/deny`.
    public static func deny(id: String) -> CompanionEndpoint {
        CompanionEndpoint(method: "POST", path: "/api/approvals/\(segment(id))/deny", auth: .signatureOrBearer)
    }
    /// `GET /ws` upgraded to a WebSocket, resuming after `after` (of the sidecar run `epoch`) when given.
    public static func agentEvents(after: Int?, epoch: String? = nil) -> CompanionEndpoint {
        var query: [URLQueryItem] = []
        if let after {
            query.append(URLQueryItem(name: "after", value: String(after)))
            if let epoch { query.append(URLQueryItem(name: "epoch", value: epoch)) }
        }
        return CompanionEndpoint(method: "GET", path: "/ws", query: query, auth: .signatureOrBearer)
    }
}
