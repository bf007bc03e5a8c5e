import CompanionAPI
import CompanionCrypto
import Foundation
import GRDB

extension Registry {
    /// Removes the audit rows `retention` no longer keeps and returns how many. Before removing anything it
    /// appends an `audit_pruned` row ("pruned N rows recorded before T") naming the last removed id; the
    /// database's triggers refuse any deletion not covered by such a row. Rows are removed oldest first, and a
    /// row is removed for its age only when every row before it is that old too.
    @discardableResult
    package func pruneAuditLog(now: Date, retention: AuditRetention) async throws -> Int {
        let key = auditKey
        let removed = try await pool.write { db in try Self.prune(db, now: now, retention: retention, key: key) }
        pruneSchedule.withLock { $0 = PruneSchedule(appended: 0, last: now) }
        return removed
    }

    /// Appends `entry`, pruning in the same transaction when ``AuditRetention/rowsBetweenPrunings`` rows were
    /// appended or an hour passed since the last pruning.
    func appendAudit(_ entry: AuditEntry) async throws {
        let retention = auditRetention
        let due = pruneSchedule.withLock { schedule -> Bool in
            schedule.appended += 1
            guard
                schedule.appended >= retention.rowsBetweenPrunings
                    || schedule.last.map({ entry.at.timeIntervalSince($0) >= AuditRetention.secondsBetweenPrunings })
                        ?? true
            else { return false }
            schedule = PruneSchedule(appended: 0, last: entry.at)
            return true
        }
        let key = auditKey
        try await pool.write { db in
            try AuditChain.append(entry, db, key: key)
            if due { _ = try Self.prune(db, now: entry.at, retention: retention, key: key) }
        }
    }

    /// The pruning itself; its record names the last removed row's time and hash (``AuditPruneRecord``), which
    /// verification checks against the row kept after it and against the retention.
    static func prune(_ db: Database, now: Date, retention: AuditRetention, key: SecureBytes?) throws -> Int {
        let cutoff = now.addingTimeInterval(-Double(retention.maxAgeDays) * 86_400)
        // Age: the oldest rows up to the first one that is still young.
        let firstYoung = try Int64.fetchOne(db, sql: "SELECT min(id) FROM auditLog WHERE at >= ?", arguments: [cutoff])
        let lastId = try Int64.fetchOne(db, sql: "SELECT max(id) FROM auditLog") ?? 0
        let byAge = firstYoung.map { $0 - 1 } ?? lastId
        // Count: keep the newest maxRows - 1, leaving room for the record of this pruning.
        let byCount =
            try Int64.fetchOne(
                db, sql: "SELECT id FROM auditLog ORDER BY id DESC LIMIT 1 OFFSET ?",
                arguments: [max(retention.maxRows - 1, 0)]) ?? 0
        let bound = max(byAge, byCount)
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM auditLog WHERE id <= ?", arguments: [bound]) ?? 0
        guard bound > 0, count > 0 else { return 0 }
        let firstKept = try Date.fetchOne(
            db, sql: "SELECT at FROM auditLog WHERE id > ? ORDER BY id LIMIT 1", arguments: [bound])
        let before = Timestamp.string(from: firstKept ?? now)
        let last = try Row.fetchOne(db, sql: "SELECT at, hash FROM auditLog WHERE id = ?", arguments: [bound])
        let record = AuditPruneRecord(
            count: count, before: before, retention: retention,
            lastRemovedAt: (last?["at"] as Date?).map(Timestamp.string(from:)) ?? "-",
            lastRemovedHash: last?["hash"] as String? ?? "")
        try AuditChain.append(
            AuditEntry(
                at: Timestamp.truncated(now), event: .auditPruned, detail: record.detail, prunedThroughId: bound), db,
            key: key)
        try db.execute(sql: "DELETE FROM auditLog WHERE id <= ?", arguments: [bound])
        return count
    }
}

/// When the audit log was last pruned in this process, and how many rows were appended since.
struct PruneSchedule: Sendable {
    var appended = 0
    var last: Date?
}
