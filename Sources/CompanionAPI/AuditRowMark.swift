/// One row of the sidecar's audit log as a paired device witnesses it: its id and chain hash. In the signed
/// `GET /companion/status` answer as `auditHead` (the newest row) and `auditAt` (the row `?auditSince=` named).
///
/// ```json
/// { "id": 42, "hash": "hmac-sha512:…" }
/// ```
public struct AuditRowMark: Codable, Sendable, Equatable {
    /// The row's id (ids only grow).
    public var id: Int64
    /// The row's chain hash (`hmac-sha512:…` when keyed).
    public var hash: String

    /// A row's mark.
    public init(id: Int64, hash: String) {
        self.id = id
        self.hash = hash
    }
}
