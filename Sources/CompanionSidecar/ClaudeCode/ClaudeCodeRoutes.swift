import CompanionAPI
import Foundation
import HTTPTypes
import Hummingbird

/// The Claude Code API under `/api/v1`, in the ILS app's contract (endpoint matrix rows 1–14 and 32–33 of
/// the seed): projects, sessions, transcripts, chat, stats. Every route is behind `authentication` (a signed
/// request or the Bearer API key); answers and errors use the `APIResponse` envelope.
struct ClaudeCodeRoutes {
    /// Largest `POST /chat/stream` body (a prompt of up to 1 MB, as the ILS backend allows, plus options).
    static let maxChatBodyBytes = 1_100_000
    /// Largest body of the other routes.
    static let maxBodyBytes = 64 * 1024

    let backend: any ClaudeCodeBackend
    /// Why an open chat stream must end now (its device revoked or without `chat`), nil while it may go on.
    var streamRefusal: @Sendable (SidecarRequestContext) async -> String? = { _ in nil }

    /// Registers the routes on `api` (the `/api/v1` group, with its envelope and authentication).
    func register(on api: RouterGroup<SidecarRequestContext>) {
        api.get("projects") { _, _ in try Envelope.success(ListResponse(items: try await backend.projects())) }
        api.get("projects/:id") { _, context in
            try Envelope.success(try await backend.project(id: try Self.uuid(context, "id")))
        }
        api.get("projects/:id/sessions") { _, context in
            try Envelope.success(
                ListResponse(items: try await backend.projectSessions(id: try Self.uuid(context, "id"))))
        }
        api.get("sessions") { request, _ in try await sessions(request) }
        api.post("sessions") { request, context in
            let body = try await Envelope.decode(CreateSessionRequest.self, from: request, limit: Self.maxBodyBytes)!
            try OptionCheck.require(
                body, scopes: context.authenticatedScopes, deviceID: context.authenticatedDeviceID)
            return try Envelope.success(try await backend.createSession(body))
        }
        api.get("sessions/scan") { _, _ in try Envelope.success(try await backend.scan()) }
        api.get("sessions/transcript/:encodedProjectPath/:sessionId") { request, context in
            let (limit, offset) = try Self.window(request, defaultLimit: 200)
            return try Envelope.success(
                try await backend.transcript(
                    encodedProjectPath: try context.parameters.require("encodedProjectPath"),
                    sessionId: try context.parameters.require("sessionId"), limit: limit, offset: offset))
        }
        api.get("sessions/:id") { _, context in
            try Envelope.success(try await backend.session(id: try Self.uuid(context, "id")))
        }
        api.delete("sessions/:id") { _, context in
            try await backend.deleteSession(id: try Self.uuid(context, "id"))
            return try Envelope.success(DeletedResponse())
        }
        api.post("sessions/:id/fork") { _, context in
            try Envelope.success(try await backend.forkSession(id: try Self.uuid(context, "id")))
        }
        api.get("sessions/:id/messages") { request, context in
            let (limit, offset) = try Self.window(request, defaultLimit: 100)
            return try Envelope.success(
                try await backend.messages(sessionId: try Self.uuid(context, "id"), limit: limit, offset: offset))
        }
        api.post("chat/stream") { request, context in try await chat(request, context: context) }
        api.post("chat/cancel/:sessionId") { _, context in
            let cancelled = try await backend.cancelChat(sessionId: try Self.uuid(context, "sessionId"))
            return try Envelope.success(CancelledResponse(cancelled: cancelled))
        }
        api.get("stats") { _, _ in try Envelope.success(try await backend.stats()) }
        api.get("stats/recent") { request, _ in
            let limit = try TaskQuery.integer("limit", in: request, range: 1...100) ?? 10
            let recent = try await backend.sessions(SessionQuery())
            return try Envelope.success(RecentSessionsResponse(items: Array(recent.prefix(limit))))
        }
    }

    private func sessions(_ request: Request) async throws -> Response {
        let page = try TaskQuery.integer("page", in: request, range: 1...1_000_000) ?? 1
        let limit = try TaskQuery.integer("limit", in: request, range: 1...100) ?? 50
        let projectId = try request.uri.queryParameters["projectId"].map { text in
            guard let id = UUID(uuidString: String(text)) else {
                throw SidecarError.badRequest("projectId must be a project id (a UUID)")
            }
            return id
        }
        let search = request.uri.queryParameters["search"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let refresh = request.uri.queryParameters["refresh"] == "true"
        let all = try await backend.sessions(SessionQuery(projectId: projectId, search: search, refresh: refresh))
        let start = min((page - 1) * limit, all.count)
        let end = min(start + limit, all.count)
        return try Envelope.success(
            PaginatedResponse(items: Array(all[start..<end]), total: all.count, hasMore: end < all.count))
    }

    private func chat(_ request: Request, context: SidecarRequestContext) async throws -> Response {
        let body = try await Envelope.decode(ChatStreamRequest.self, from: request, limit: Self.maxChatBodyBytes)!
        guard !body.prompt.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw SidecarError.badRequest("the prompt is empty")
        }
        let caller = ChatCaller(scopes: context.authenticatedScopes, deviceID: context.authenticatedDeviceID)
        try OptionCheck.require(body, scopes: caller.scopes, deviceID: caller.deviceID)
        let lastEventID = request.headers[HTTPField.Name("Last-Event-ID")!]
        let run = try await backend.chat(body, resumeAfter: lastEventID, caller: caller)
        let refusal = streamRefusal
        return ServerSentEventsBody.response(
            frames: run.frames, extraHeaders: [(HTTPField.Name("X-Session-ID")!, run.sessionID.uuidString)],
            refusal: { await refusal(context) })
    }

    /// `limit` (1–1000) and `offset` (≥ 0) of a message list.
    private static func window(_ request: Request, defaultLimit: Int) throws -> (limit: Int, offset: Int) {
        let limit = try TaskQuery.integer("limit", in: request, range: 1...1000) ?? defaultLimit
        let offset = try TaskQuery.integer("offset", in: request, range: 0...Int(Int32.max)) ?? 0
        return (limit, offset)
    }

    /// A path parameter that must be a UUID; 404 otherwise (no such resource can exist).
    private static func uuid(_ context: SidecarRequestContext, _ name: String) throws -> UUID {
        let text = try context.parameters.require(name)
        guard let id = UUID(uuidString: text) else {
            throw SidecarError.notFound("no \(name == "id" ? "such item" : "session") with id \(text.prefix(64))")
        }
        return id
    }
}
