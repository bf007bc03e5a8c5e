import Foundation

/// One row of the sidecar's audit log as the workstation owner sees it (`companion sidecar audit`): what
/// happened, when, to which device and from which peer address. Never a code, token or key.
public struct OwnerAuditEntry: Codable, Sendable, Equatable {
    /// The row's id, increasing in the order rows were written.
    public var id: Int64
    /// When it happened.
    public var at: Date
    /// What happened, e.g. `paired`, `revoked`, `pairing_failed` (the registry's event names).
    public var event: String
    /// The device concerned, when there is one.
    public var deviceId: String?
    /// The peer address of the request (`owner` for the owner's own socket).
    public var peer: String?
    /// Short free text, e.g. a failure reason or a TTL.
    public var detail: String?
    /// The row's hash in the audit chain (`hmac-sha512:…` when keyed), which the next row's link names.
    public var hash: String?

    /// An audit row.
    public init(
        id: Int64, at: Date, event: String, deviceId: String?, peer: String?, detail: String?, hash: String? = nil
    ) {
        self.id = id
        self.at = at
        self.event = event
        self.deviceId = deviceId
        self.peer = peer
        self.detail = detail
        self.hash = hash
    }
}

/// The owner channel's answer to an audit listing: the newest rows, oldest first.
public struct OwnerAuditResponse: Codable, Sendable, Equatable {
    /// Always true in an answer (errors use ``APIErrorResponse``).
    public var ok: Bool
    /// The rows, oldest first.
    public var entries: [OwnerAuditEntry]

    /// An audit listing.
    public init(ok: Bool = true, entries: [OwnerAuditEntry]) {
        self.ok = ok
        self.entries = entries
    }
}

/// The owner channel's answer to a revocation: the revoked id and the sidecar's status afterwards.
public struct OwnerRevokeResponse: Codable, Sendable, Equatable {
    /// Always true in an answer.
    public var ok: Bool
    /// Id of the device that is no longer trusted.
    public var revoked: String
    /// The connection status after the revocation.
    public var status: CompanionStatusResponse

    /// A revocation answer.
    public init(ok: Bool = true, revoked: String, status: CompanionStatusResponse) {
        self.ok = ok
        self.revoked = revoked
        self.status = status
    }
}
