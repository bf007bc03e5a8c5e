/// Body of `GET /companion/status`, `POST /companion/disconnect` and `DELETE /companion/devices/:id`.
///
/// ```json
/// { "ok": true, "connected": false, "connectedDevice": null }
/// ```
/// `connectedDevice` is always present on the wire, as `null` when nothing is connected. A signed status of a
/// paired device adds the audit witness fields (absent otherwise): `auditHead`, `auditAt` and `auditPrunedThrough`.
public struct CompanionStatusResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    public var connected: Bool
    public var connectedDevice: CompanionDevice?
    /// Signed answers only: the audit log's newest row (nil when the log is empty).
    public var auditHead: AuditRowMark?
    /// Signed answers with `?auditSince=ID` only: that row, nil when it no longer exists.
    public var auditAt: AuditRowMark?
    /// Signed answers only: the highest row id a pruning record removed (nil before any pruning), so that a row
    /// gone because it was pruned is told from one removed behind the sidecar's back.
    public var auditPrunedThrough: Int64?

    public init(
        ok: Bool = true, connected: Bool, connectedDevice: CompanionDevice?, auditHead: AuditRowMark? = nil,
        auditAt: AuditRowMark? = nil, auditPrunedThrough: Int64? = nil
    ) {
        self.ok = ok
        self.connected = connected
        self.connectedDevice = connectedDevice
        self.auditHead = auditHead
        self.auditAt = auditAt
        self.auditPrunedThrough = auditPrunedThrough
    }

    private enum CodingKeys: String, CodingKey {
        case ok, connected, connectedDevice, auditHead, auditAt, auditPrunedThrough
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ok, forKey: .ok)
        try container.encode(connected, forKey: .connected)
        try container.encode(connectedDevice, forKey: .connectedDevice)
        try container.encodeIfPresent(auditHead, forKey: .auditHead)
        try container.encodeIfPresent(auditAt, forKey: .auditAt)
        try container.encodeIfPresent(auditPrunedThrough, forKey: .auditPrunedThrough)
    }
}
