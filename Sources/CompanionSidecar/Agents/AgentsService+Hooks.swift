import CompanionAgents
import Foundation

extension AgentsService {
    /// Takes one event of Claude Code's hooks, as `companion hook` hands it over on the owner socket (so only the
    /// sidecar's own user can deliver one), and returns the hook's answer: a PermissionRequest is held for a paired
    /// device (up to ``AgentsSettings/approvalHoldTime``) and answered in Claude Code's hook output format; every
    /// other event is answered `{}` at once. Throws 400 for a body that is not a hook event. Bodies hold prompts, tool
    /// inputs and answers: they are never logged.
    func receiveHook(body: [UInt8], agentHeader: String?) async throws -> [UInt8] {
        guard let event = ClaudeHookEvent(body: body, agentHeader: agentHeader) else {
            throw SidecarError.badRequest("the body is not a Claude Code hook event (hook_event_name, session_id)")
        }
        guard case .known(.permissionRequest) = event.kind else {
            let session = await store.apply(event)
            if case .known(.notification) = event.kind {
            } else {
                // The session moved on (the dialog was answered in its terminal): what is still held is moot.
                await approvals.settle(sessionKey: session.id)
            }
            return Array("{}".utf8)
        }
        // Held first, then shown: a device that sees the request can always decide it.
        let store = self.store
        let held = ApprovalRequest(
            sessionKey: await store.sessionKey(for: event), toolName: event.toolName,
            inputSummary: event.toolInputSummary, input: event.toolInputText, alwaysRules: event.suggestedRules,
            project: event.workingDirectory, since: Date(),
            digestSource: event.toolDigestSource)
        let decision = await approvals.hold(held, holdTime: settings.approvalHoldTime) {
            await store.apply(event, approval: held)
        }
        await store.approvalEnded(held, decided: decision != nil)
        return PermissionHookAnswer.body(for: decision, rules: held.alwaysRules)
    }
}
