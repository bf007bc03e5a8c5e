import Foundation
import GRDB

/// One line of the append-only audit log. It records what happened, when, to which device and from which peer
/// address, and never a pairing code, token or key.
public struct AuditEntry: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "auditLog"

    /// What happened.
    public enum Event: String, Codable, Sendable, CaseIterable {
        case pairingStarted = "pairing_started"
        case pairingFailed = "pairing_failed"
        case pairingBurned = "pairing_burned"
        case paired
        case repaired
        case disconnected
        case revoked
        /// The workstation owner changed a device's scopes; `detail` holds the new list.
        case scopesChanged = "scopes_changed"
        /// The sidecar removed old rows under its retention policy (``AuditRetention``); `detail` says how many
        /// and up to when, ``AuditEntry/prunedThroughId`` which rows.
        case auditPruned = "audit_pruned"
    }

    public var id: Int64?
    public var at: Date
    public var event: Event
    public var deviceId: String?
    /// Peer IP address of the request.
    public var peer: String?
    /// Short free text (e.g. the failure reason or the TTL), never a secret.
    public var detail: String?
    /// For ``Event/auditPruned`` only: every row with an id up to this one was removed.
    public var prunedThroughId: Int64?

    public init(
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
