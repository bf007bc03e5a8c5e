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

    /// Decides held request `id` (or the one held for session `id`); the first decision wins. Records it.
    func decide(_ id: String, _ decision: PermissionDecision, deviceID: String?, peer: String) async throws
        -> ApprovalRequest
    {
        var approvalID = id
        if let session = await store.session(id) {
            guard let held = session.attention?.approvalID else {
                throw SidecarError(
                    .conflict, "session \(session.id) has no permission request waiting for a device")
            }
            approvalID = held
        }
        switch await approvals.decide(approvalID, decision) {
        case .decided(let request):
            try await audit(
                decision == .deny ? .approvalDenied : .approvalAllowed, deviceID: deviceID, peer: peer,
                session: request.sessionKey, digest: request.digest, approval: request.id)
            return request
        case .alreadySettled:
            throw SidecarError(
                .conflict,
                "permission request \(approvalID) was already answered (by another device, or in the terminal after "
                    + "the hold time)")
        case .unknown:
            throw SidecarError.notFound("no permission request \(approvalID.prefix(64)); see GET /api/attention")
        }
    }
}
