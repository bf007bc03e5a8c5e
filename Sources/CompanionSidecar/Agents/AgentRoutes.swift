import CompanionAPI
import CompanionAgents
import Foundation
import Hummingbird

/// The agent session routes of the orca plan, in the `APIResponse` envelope, behind the same guard as the Claude
/// Code API (a signed request or the Bearer API key): `GET /api/groups`, `GET /api/sessions[?group=]`,
/// `GET /api/sessions/:id`, `GET /api/sessions/:id/terminal?lines=N`, `POST /api/sessions/:id/input`,
/// `POST /api/sessions`, `DELETE /api/sessions/:id`, `GET /api/attention`, `POST /api/approvals/:id/approve`
/// (`{"digest":"…","always":true}`) and `POST /api/approvals/:id/deny` (`{"digest":"…"}`): by the approval's id only,
/// with the digest of the request the device showed.
struct AgentRoutes {
    static let maxBodyBytes = 64 * 1024
    static let maxTerminalLines = 2000

    let service: AgentsService

    func register(on router: Router<SidecarRequestContext>, authentication: SignatureOrKeyMiddleware) {
        let api = router.group("api").add(middleware: EnvelopeErrorMiddleware()).add(middleware: authentication)
        api.get("groups") { _, _ in
            try Envelope.success(ListResponse(items: AgentGroupInfo.groups(await service.allSessions())))
        }
        api.get("sessions") { request, _ in
            let group = request.uri.queryParameters["group"].map(String.init)
            return try Envelope.success(
                ListResponse(items: await service.allSessions(group: group).map(AgentSessionInfo.init)))
        }
        api.post("sessions") { request, context in try await create(request, context) }
        api.get("sessions/:id") { _, context in
            try Envelope.success(AgentSessionInfo(try await session(context)))
        }
        api.get("sessions/:id/terminal") { request, context in
            let session = try await session(context)
            let lines = try TaskQuery.integer("lines", in: request, range: 1...Self.maxTerminalLines) ?? 50
            let captured = try await Self.tmux { try await service.tmuxAgents.terminal(session, lines: lines) }
            return try Envelope.success(AgentTerminalResponse(sessionId: session.id, lines: captured))
        }
        api.post("sessions/:id/input") { request, context in
            let session = try await session(context)
            let body = try await Envelope.decode(AgentInputRequest.self, from: request, limit: Self.maxBodyBytes)!
            if let problem = body.validationError() { throw SidecarError.badRequest(problem) }
            try await service.sendInput(
                session, text: body.text, enter: body.enter ?? true, deviceID: context.authenticatedDeviceID,
                peer: context.peerDescription)
            return try Envelope.success(AgentSessionInfo(await service.store.session(session.id) ?? session))
        }
        api.delete("sessions/:id") { _, context in
            let session = try await session(context)
            guard session.source == .tmux else {
                throw SidecarError(
                    .conflict, "session \(session.id) was not started by the sidecar; end it where it runs")
            }
            try await Self.tmux { try await service.tmuxAgents.remove(session) }
            if let name = session.tmuxSession { try await service.registry.forgetAgentSession(name) }
            return try Envelope.success(DeletedResponse())
        }
        api.get("attention") { _, _ in
            try Envelope.success(
                AgentAttentionResponse(
                    sessions: await service.store.attention().map(AgentSessionInfo.init),
                    approvals: await service.approvals.pending().map(AgentPendingApproval.init)))
        }
        api.post("approvals/:id/approve") { request, context in
            let body = try await Envelope.decode(ApproveRequest.self, from: request, limit: 4096, optional: true)
            return try await decide(context, .allow(always: body?.always ?? false), digest: body?.digest)
        }
        api.post("approvals/:id/deny") { request, context in
            let body = try await Envelope.decode(DenyRequest.self, from: request, limit: 4096, optional: true)
            return try await decide(context, .deny, digest: body?.digest)
        }
    }

    private func session(_ context: SidecarRequestContext) async throws -> AgentSession {
        let id = try context.parameters.require("id")
        guard ClaudeHookEvent.isPlausibleID(id), let session = await service.session(id) else {
            throw SidecarError.notFound("no agent session with id \(id.prefix(64)); list them with GET /api/sessions")
        }
        return session
    }

    private func create(_ request: Request, _ context: SidecarRequestContext) async throws -> Response {
        let body = try await Envelope.decode(CreateAgentSessionRequest.self, from: request, limit: Self.maxBodyBytes)!
        if let problem = body.validationError() { throw SidecarError.badRequest(problem) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: body.project, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw SidecarError.badRequest("project \(body.project.prefix(200)) is not a directory on the workstation")
        }
        let command = body.command ?? service.settings.defaultCommand
        let session = try await Self.tmux {
            try await service.tmuxAgents.create(project: body.project, command: command)
        }
        if let name = session.tmuxSession { try await service.registry.recordAgentSession(name, at: Date()) }
        try await service.audit(
            .agentStarted, deviceID: context.authenticatedDeviceID, peer: context.peerDescription, session: session.id,
            digest: AgentsService.digest(Array(command.joined(separator: "\0").utf8)))
        return try Envelope.success(AgentSessionInfo(session), status: .created)
    }

    private func decide(
        _ context: SidecarRequestContext, _ decision: PermissionDecision, digest: String?
    ) async throws -> Response {
        let id = try context.parameters.require("id")
        guard ClaudeHookEvent.isPlausibleID(id) else {
            throw SidecarError.notFound("no approval with id \(id.prefix(64))")
        }
        let request = try await service.decide(
            id, decision, digest: digest, deviceID: context.authenticatedDeviceID, peer: context.peerDescription)
        return try Envelope.success(
            ApprovalDecisionResponse(
                approvalId: request.id, decision: decision.auditWord, sessionId: request.sessionKey))
    }

    /// Runs a tmux call; its failures become answers that say what to do.
    static func tmux<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as TmuxError {
            switch error {
            case .noSuchSession:
                throw SidecarError(.conflict, "the session's tmux session is gone (it ended); remove it with DELETE")
            case .notInstalled(let path):
                throw SidecarError(.unavailable, "tmux is not installed on the workstation (\(path)); install it")
            case .unmarkedServer:
                throw SidecarError(.conflict, error.description)
            default:
                throw SidecarError(.internalError, error.description)
            }
        }
    }
}
