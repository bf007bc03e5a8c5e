import CompanionAgents
import CompanionCrypto
import Foundation

extension AgentsService {
    /// SHA-256 of `bytes`, hex.
    static func digest(_ bytes: [UInt8]) -> String {
        HexEncoding.lowercase(SHA256.hash(bytes))
    }

    /// Records `text` (device, session, digest of the text), then types it into a session the sidecar runs. Recorded
    /// first, so nothing reaches a terminal unrecorded, and the row is there by the time the terminal shows the text
    /// (a row whose typing then failed records an attempt; the caller is told it failed).
    func sendInput(_ session: AgentSession, text: String, enter: Bool, deviceID: String?, peer: String) async throws {
        guard session.source == .tmux, session.tmuxSession != nil else {
            throw SidecarError(
                .conflict,
                "session \(session.id) runs outside the sidecar (no terminal to type into); answer it where it runs")
        }
        try await audit(
            .agentInput, deviceID: deviceID, peer: peer, session: session.id,
            digest: Self.digest(Array(text.utf8) + (enter ? [0x0A] : [])))
        try await AgentRoutes.tmux { try await tmuxAgents.send(session, text: text, enter: enter) }
    }

    /// Decides held request `id` (an approval id: a session's id is refused, since its current request may not be the
    /// one the device showed) when `digest` is the held request's; the first decision wins. The audit row is
    /// written before the hook gets the answer, so no decision takes effect unrecorded.
    func decide(
        _ id: String, _ decision: PermissionDecision, digest: String?, deviceID: String?, peer: String
    ) async throws -> ApprovalRequest {
        if await store.session(id) != nil {
            throw SidecarError.badRequest(
                "\(id.prefix(64)) is a session's id: decide by the approval's id (approval_id in GET /api/attention), "
                    + "with the digest of the request you showed")
        }
        let result = try await approvals.decide(id, decision, digest: digest) { request in
            try await audit(
                decision == .deny ? .approvalDenied : .approvalAllowed, deviceID: deviceID, peer: peer,
                session: request.sessionKey, digest: request.digest, approval: request.id,
                always: decision == .allow(always: true) ? request.alwaysRules : nil)
        }
        switch result {
        case .decided(let request):
            return request
        case .digestMismatch:
            throw SidecarError(
                .conflict,
                digest == nil
                    ? "the decision carries no digest of permission request \(id.prefix(64)); send the digest it was "
                        + "listed with (GET /api/attention)"
                    : "permission request \(id.prefix(64)) is not the one you showed (its digest differs): nothing was "
                        + "decided; list it again with GET /api/attention")
        case .inputNotShown(let request):
            throw SidecarError(
                .conflict,
                "permission request \(id.prefix(64))'s tool input is \(request.inputBytes) bytes, more than a device is "
                    + "shown (\(ApprovalRequest.maxShownInputBytes)): nothing was decided; deny it, or answer it in the "
                    + "terminal")
        case .noRuleToKeep:
            throw SidecarError(
                .conflict,
                "Claude Code suggested no rule for permission request \(id.prefix(64)), so allowing it always would "
                    + "allow the whole tool: nothing was decided; allow it once (without always), or answer it in the "
                    + "terminal")
        case .alreadySettled:
            throw SidecarError(
                .conflict,
                "permission request \(id.prefix(64)) was already answered (by another device, or in the terminal after "
                    + "the hold time)")
        case .unknown:
            throw SidecarError.notFound("no permission request \(id.prefix(64)); see GET /api/attention")
        }
    }
}
