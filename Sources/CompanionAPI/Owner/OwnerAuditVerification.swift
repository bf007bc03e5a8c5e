import Foundation

/// The owner channel's answer to `companion sidecar audit --verify`: the audit log's hash chain recomputed.
/// Every row carries a hash of its content and of the row before it, so a changed or removed row breaks the chain
/// from that row on; rows removed at the very end leave it whole, which is why ``lastHash`` is worth keeping.
public struct OwnerAuditVerification: Codable, Sendable, Equatable {
    /// True when every row follows the one before it and its hash matches its content.
    public var intact: Bool
    /// Rows checked.
    public var checkedRows: Int
    /// The first row that was changed or does not follow the row before it; nil when ``intact``.
    public var firstBrokenRow: Int64?
    /// What is wrong with ``firstBrokenRow``.
    public var problem: String?
    /// The newest row's hash (compare it with a copy kept elsewhere to notice rows removed at the end).
    public var lastHash: String?
    /// Rows whose hash is keyed with the sidecar's audit key (nil from sidecars that do not say).
    public var keyedRows: Int?
    /// Keyed rows that could not be checked because the checker did not have the key.
    public var uncheckedKeyedRows: Int?

    /// A verification result.
    public init(
        intact: Bool, checkedRows: Int, firstBrokenRow: Int64?, problem: String?, lastHash: String?,
        keyedRows: Int? = nil, uncheckedKeyedRows: Int? = nil
    ) {
        self.keyedRows = keyedRows
        self.uncheckedKeyedRows = uncheckedKeyedRows
        self.intact = intact
        self.checkedRows = checkedRows
        self.firstBrokenRow = firstBrokenRow
        self.problem = problem
        self.lastHash = lastHash
    }
}

/// The owner channel's answer to `companion sidecar devices scope`: the device and what it may do now.
public struct OwnerScopesResponse: Codable, Sendable, Equatable {
    /// Always true in an answer.
    public var ok: Bool
    /// The device's id.
    public var device: String
    /// Its scopes now, comma-separated (``DeviceScope``).
    public var scopes: String

    /// A scope change answer.
    public init(ok: Bool = true, device: String, scopes: String) {
        self.ok = ok
        self.device = device
        self.scopes = scopes
    }
}
