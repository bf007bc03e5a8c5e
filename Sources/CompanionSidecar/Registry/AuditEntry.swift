import Foundation
import GRDB

/// One line of the append-only audit log. It records what happened, when, to which device and from which peer
/// address, and never a pairing code, token or key.
package struct AuditEntry: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "auditLog"

    /// What happened.
    package enum Event: String, Codable, Sendable, CaseIterable {
        case pairingStarted = "pairing_started"
        case pairingFailed = "pairing_failed"
        case pairingBurned = "pairing_burned"
        /// A v2 key exchange was answered (`detail`: which attempt); it counts as failed until its confirmation
        /// checks.
        case pairingExchange = "pairing_exchange"
        /// The workstation cancelled its open pairing (Ctrl-C on `companion sidecar pair`).
        case pairingCancelled = "pairing_cancelled"
        case paired
        case repaired
        case disconnected
        case revoked
        /// The workstation owner changed a device's scopes; `detail` holds the new list.
        case scopesChanged = "scopes_changed"
        /// The sidecar removed old rows under its retention policy (``AuditRetention``); `detail` says how many
        /// and up to when, ``AuditEntry/prunedThroughId`` which rows.
        case auditPruned = "audit_pruned"
        /// A client asked for an MCP server's env and header values (`POST /api/v1/mcp/:name/reveal`); `detail`
        /// names the server and how many values, never the values.
        case mcpSecretRevealed = "mcp_secret_revealed"
        /// A client asked for the values of `settings.json`'s `env` (`POST /api/v1/config/reveal`); `detail` names
        /// the file's scope and how many values, never the values.
        case configSecretRevealed = "config_secret_revealed"
        /// A device allowed a held permission request (`detail`: session, approval, digest of the tool call).
        case approvalAllowed = "approval_allowed"
        /// A device denied a held permission request.
        case approvalDenied = "approval_denied"
        /// A device typed into an agent session (`detail`: session, digest of the text).
        case agentInput = "agent_input"
        /// A device started an agent session in tmux (`detail`: session, digest of the command).
        case agentStarted = "agent_started"
        /// The sidecar started with its audit key on a log whose newest row was not keyed (or an empty one): every
        /// row from here on is keyed (``AuditChain``).
        case auditKeyed = "audit_keyed"
        /// The sidecar started with an audit key it already held on a log that was empty or whose newest row was
        /// not keyed: its keyed rows were removed or the log replaced while it was stopped. A keyed row, and a
        /// break for ``Registry/verifyAuditChain()`` from then on (``Registry/markAuditChainKeyed(at:keyIsNew:)``).
        case auditReplaced = "audit_replaced"
    }

    package var id: Int64?
    package var at: Date
    package var event: Event
    package var deviceId: String?
    /// Peer IP address of the request.
    package var peer: String?
    /// Short free text (e.g. the failure reason or the TTL), never a secret.
    package var detail: String?
    /// For ``Event/auditPruned`` only: every row with an id up to this one was removed.
    package var prunedThroughId: Int64?
    /// The hash of the row before (``AuditChain``); set when the row is appended.
    package var prevHash: String?
    /// The hash of this row's content and `prevHash`; set when the row is appended.
    package var hash: String?

    package init(
        at: Date, event: Event, deviceId: String? = nil, peer: String? = nil, detail: String? = nil,
        prunedThroughId: Int64? = nil
    ) {
        self.at = at
        self.event = event
        self.deviceId = deviceId
        self.peer = peer
        self.detail = detail
        self.prunedThroughId = prunedThroughId
    }
}
