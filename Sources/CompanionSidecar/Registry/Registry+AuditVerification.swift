import CompanionAPI
import Foundation
import GRDB

/// What ``Registry/verifyAuditChain()`` found.
package struct AuditChainReport: Sendable, Equatable {
    /// Rows checked.
    package var rows: Int
    /// The first row whose content or link does not match, with what is wrong; nil when the chain is whole.
    package var firstBreak: (id: Int64, problem: String)?
    /// The last row's hash (keep it elsewhere to notice rows removed at the end).
    package var lastHash: String?
    /// Rows whose hash is keyed (``AuditChain``), and how many of them could not be checked (no key given).
    package var keyedRows = 0
    package var uncheckedKeyedRows = 0

    package var isIntact: Bool { firstBreak == nil }

    package static func == (a: AuditChainReport, b: AuditChainReport) -> Bool {
        a.rows == b.rows && a.firstBreak?.id == b.firstBreak?.id && a.firstBreak?.problem == b.firstBreak?.problem
            && a.lastHash == b.lastHash && a.keyedRows == b.keyedRows && a.uncheckedKeyedRows == b.uncheckedKeyedRows
    }
}

extension Registry {
    /// Checks the audit log's hash chain from the oldest row kept to the newest: the oldest row is the first ever
    /// written (an empty `prevHash`) or follows the last row a pruning record says it removed; every other row
    /// follows the one before it; each hash matches its content (under the audit key for keyed rows; an unkeyed
    /// row after a keyed one is a break); each pruning record covers only rows before it that its retention let
    /// go (the last removed row was older than the age limit, or the rows after it fill the row limit).
    package func verifyAuditChain() async throws -> AuditChainReport {
        let key = auditKey
        return try await pool.read { db in
            var report = AuditChainReport(rows: 0, firstBreak: nil, lastHash: nil)
            let rows = try Row.fetchAll(db, sql: "SELECT \(AuditChain.columns) FROM auditLog ORDER BY id")
            var previous: String?
            var keyed = false
            func broken(_ id: Int64, _ problem: String) {
                if report.firstBreak == nil { report.firstBreak = (id, problem) }
            }
            for row in rows {
                report.rows += 1
                let id: Int64 = row["id"]
                let prevHash = row["prevHash"] as String? ?? ""
                let hash = row["hash"] as String? ?? ""
                if let previous {
                    if prevHash != previous {
                        broken(id, "it does not follow the row before it (a row was removed or changed)")
                    }
                } else if let problem = Self.genesisProblem(id: id, prevHash: prevHash, rows: rows) {
                    broken(id, problem)
                }
                let fields = AuditChain.fields(row)
                if hash.hasPrefix(AuditChain.keyedPrefix) {
                    keyed = true
                    report.keyedRows += 1
                    if let key {
                        if hash != AuditChain.hash(previous: prevHash, fields: fields, key: key) {
                            broken(
                                id, "its content does not match its keyed hash (changed, or not written by the sidecar)"
                            )
                        }
                    } else {
                        report.uncheckedKeyedRows += 1
                    }
                } else if keyed {
                    broken(id, "it is not keyed although the rows before it are (not written by the sidecar)")
                } else if hash != AuditChain.hash(previous: prevHash, fields: fields) {
                    broken(id, "its content does not match its hash (it was changed)")
                }
                if let problem = Self.pruningProblem(row, id: id) { broken(id, problem) }
                if (row["event"] as String?) == AuditEntry.Event.auditReplaced.rawValue {
                    broken(id, Self.replacedProblem)
                }
                previous = hash
                report.lastHash = hash
            }
            // Holding the key, the sidecar keeps its newest row keyed (``markAuditChainKeyed(at:)``).
            if key != nil, let last = rows.last, report.lastHash?.hasPrefix(AuditChain.keyedPrefix) != true {
                broken(
                    last["id"], "the newest row is not keyed although the sidecar has an audit key (rows were replaced)"
                )
            }
            return report
        }
    }

    /// Why an `audit_replaced` row breaks the chain.
    static let replacedProblem =
        "the sidecar found the log emptied or its keyed rows removed when it started (its audit key existed "
        + "already): rows written before this one were removed or replaced"

    /// What is wrong with the oldest row kept, if anything.
    static func genesisProblem(id: Int64, prevHash: String, rows: [Row]) -> String? {
        let cover = rows.last {
            ($0["event"] as String?) == AuditEntry.Event.auditPruned.rawValue
                && ($0["prunedThroughId"] as Int64?) == id - 1
        }
        guard let cover else {
            return prevHash.isEmpty
                ? nil
                : "it is the oldest row but not the first one written, and no pruning record covers the rows before it"
        }
        guard let record = AuditPruneRecord(detail: cover["detail"] as String? ?? "") else { return nil }
        return record.lastRemovedHash == prevHash
            ? nil : "it does not follow the last row pruning record \(cover["id"] as Int64) says it removed"
    }

    /// What is wrong with a pruning record, if anything (nil for every other row and for older records).
    static func pruningProblem(_ row: Row, id: Int64) -> String? {
        guard (row["event"] as String?) == AuditEntry.Event.auditPruned.rawValue,
            let through = row["prunedThroughId"] as Int64?
        else { return nil }
        guard through < id else { return "the pruning record covers rows written after it" }
        guard let record = AuditPruneRecord(detail: row["detail"] as String? ?? ""),
            let lastRemoved = Timestamp.date(from: record.lastRemovedAt), let at = row["at"] as Date?
        else { return nil }
        let byAge = lastRemoved < at.addingTimeInterval(-Double(record.retention.maxAgeDays) * 86_400)
        let byCount = id - through - 1 >= Int64(record.retention.maxRows - 1)
        return byAge || byCount
            ? nil
            : "the pruning record removed rows its retention (\(record.retention.maxAgeDays) days, "
                + "\(record.retention.maxRows) rows) keeps"
    }
}

extension Registry {
    /// With an audit key, keeps the newest row of the log keyed, so that rows replaced by unkeyed ones, which anyone
    /// can hash, show as a break (``verifyAuditChain()``). When the newest row is not keyed (or the log is empty)
    /// and the key was made for this start (`keyIsNew`), appends an `audit_keyed` row. When the key existed before,
    /// the sidecar's keyed rows were deleted or the log replaced while it was stopped: appending `audit_keyed`
    /// would make the result look intact, so it appends an `audit_replaced` row instead, which verification
    /// reports, and returns true.
    @discardableResult
    package func markAuditChainKeyed(at date: Date, keyIsNew: Bool) async throws -> Bool {
        guard let key = auditKey else { return false }
        return try await pool.write { db in
            let last = try Row.fetchOne(db, sql: "SELECT id, hash FROM auditLog ORDER BY id DESC LIMIT 1")
            let lastHash = last?["hash"] as String?
            guard !(lastHash?.hasPrefix(AuditChain.keyedPrefix) ?? false) else { return false }
            let entry: AuditEntry
            if keyIsNew {
                entry = AuditEntry(
                    at: Timestamp.truncated(date), event: .auditKeyed,
                    detail: "rows from here on are keyed with the sidecar's audit key")
            } else {
                let found = last.map { "its newest row (\($0["id"] as Int64)) was not keyed" } ?? "it was empty"
                entry = AuditEntry(
                    at: Timestamp.truncated(date), event: .auditReplaced,
                    detail: "at start the audit key existed but \(found): keyed rows were removed or the log replaced")
            }
            try AuditChain.append(entry, db, key: key)
            return !keyIsNew
        }
    }
}
