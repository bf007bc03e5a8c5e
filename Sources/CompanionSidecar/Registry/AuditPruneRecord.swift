import Foundation

/// The `detail` of an `audit_pruned` row: how many rows went, up to when, under which retention, and the time and
/// hash of the last row removed, so that verification can check the row kept after it (its `prevHash`) and that
/// the pruning removed only what the retention allowed (that row was older than the age limit, or the rows kept
/// after it fill the row limit). Records written before these fields existed hold only the first three.
struct AuditPruneRecord: Equatable {
    var count: Int
    var before: String
    var retention: AuditRetention
    var lastRemovedAt: String
    var lastRemovedHash: String

    var detail: String {
        "pruned \(count) rows recorded before \(before) (keeping \(retention.maxAgeDays) days, "
            + "\(retention.maxRows) rows); last removed row at \(lastRemovedAt), hash \(lastRemovedHash)"
    }

    /// The record a detail text holds; nil for text without the last removed row (older records).
    init?(detail: String) {
        guard let keeping = detail.range(of: " (keeping "), let last = detail.range(of: "); last removed row at "),
            let hash = detail.range(of: ", hash ", range: last.upperBound..<detail.endIndex)
        else { return nil }
        let head = detail[..<keeping.lowerBound].split(separator: " ")
        let limits = detail[keeping.upperBound..<last.lowerBound].split(separator: " ")
        guard head.count >= 6, let count = Int(head[1]), limits.count == 4, let days = Int(limits[0]),
            let rows = Int(limits[2])
        else { return nil }
        self.count = count
        self.before = head[5...].joined(separator: " ")
        self.retention = AuditRetention(maxAgeDays: days, maxRows: rows)
        self.lastRemovedAt = String(detail[last.upperBound..<hash.lowerBound])
        self.lastRemovedHash = String(detail[hash.upperBound...])
    }

    init(count: Int, before: String, retention: AuditRetention, lastRemovedAt: String, lastRemovedHash: String) {
        self.count = count
        self.before = before
        self.retention = retention
        self.lastRemovedAt = lastRemovedAt
        self.lastRemovedHash = lastRemovedHash
    }
}
