import CompanionAPI
import CompanionAgents
import Foundation
import HTTPTypes
import Hummingbird

/// `POST /hooks/claude-code`: where Claude Code's HTTP hooks post (installed by `companion sidecar hooks install`).
///
/// Only this machine may call it (``LocalOnlyGate``: a loopback peer, whatever the sidecar binds, no proxy), and
/// only with the per-install secret (``CompanionAgents/secretHeader``, compared in constant time). Bodies are capped
/// (``ClaudeHookEvent/maxBodyBytes``) and must be a hook event; anything else is refused and changes nothing. The
/// bodies hold prompts, tool inputs and answers: they are never logged. A PermissionRequest is held for a paired
/// device (up to ``AgentsSettings/approvalHoldTime``) and answered in Claude Code's hook output format; every other
/// event is answered `{}` at once.
struct HookRoute {
    let service: AgentsService
    let gate: LocalOnlyGate

    func register(on router: Router<SidecarRequestContext>) {
        router.post(RouterPath(CompanionAgents.hookPath)) { request, context in
            try await handle(request, context)
        }
    }

    private func handle(_ request: Request, _ context: SidecarRequestContext) async throws -> Response {
        try gate.check(request, context: context, action: "the hook endpoint answers")
        let presented = request.headers[HTTPField.Name(CompanionAgents.secretHeader)!]
        guard let secret = service.hookSecret, secret.matches(presented) else {
            throw SidecarError(
                .unauthorized,
                "the hook secret is missing or wrong; install the hooks with `companion sidecar hooks install`")
        }
        let body = try await JSONBody.collect(request, limit: ClaudeHookEvent.maxBodyBytes)
        let agent = request.headers[HTTPField.Name(CompanionAgents.agentHeader)!]
        guard let event = ClaudeHookEvent(body: body, agentHeader: agent) else {
            throw SidecarError.badRequest("the body is not a Claude Code hook event (hook_event_name, session_id)")
        }
        guard case .known(.permissionRequest) = event.kind else {
            let session = await service.store.apply(event)
            if case .known(.notification) = event.kind {
            } else {
                // The session moved on (the dialog was answered in its terminal): what is still held is moot.
                await service.approvals.settle(sessionKey: session.id)
            }
            return Self.answer(Array("{}".utf8))
        }
        // Held first, then shown: a device that sees the request can always decide it.
        let store = service.store
        let held = ApprovalRequest(
            sessionKey: await store.sessionKey(for: event), toolName: event.toolName,
            inputSummary: event.toolInputSummary, project: event.workingDirectory, since: Date(),
            digestSource: event.toolDigestSource)
        let decision = await service.approvals.hold(held, holdTime: service.settings.approvalHoldTime) {
            await store.apply(event, approval: held)
        }
        await store.approvalEnded(held, decided: decision != nil)
        return Self.answer(PermissionHookAnswer.body(for: decision, toolName: event.toolName))
    }

    static func answer(_ bytes: [UInt8]) -> Response {
        JSONBody.response(encoded: bytes, status: .ok)
    }
}
