import CompanionCrypto
import Foundation
import GRDB

/// Makes the audit log tamper-evident: every row carries the SHA-256 of its own content and of the row before it
/// (`prevHash`, `hash`), so a row changed or removed in the middle breaks the chain where it happened
/// (``Registry/verifyAuditChain()``). Every insert of the sidecar goes through ``append(_:_:)``.
///
/// What a hash covers: the previous hash, then the stored text of `at`, `event`, `deviceId`, `peer`, `detail` and
/// `prunedThroughId`, separated by U+001F. The first row after a pruning chains to the pruned row before it, which is
/// gone; verification starts at the oldest row kept. Removing rows at the very end cannot be told from rows never
/// written (compare the last hash with one kept elsewhere for that).
enum AuditChain {
    static let separator = "\u{1F}"

    /// Inserts `entry` with its place in the chain.
    static func append(_ entry: AuditEntry, _ db: Database) throws {
        var entry = entry
        let previous = try String.fetchOne(db, sql: "SELECT hash FROM auditLog ORDER BY id DESC LIMIT 1") ?? ""
        entry.prevHash = previous
        entry.hash = hash(previous: previous, fields: storedFields(entry))
        try entry.insert(db)
    }

    /// The row's fields as SQLite stores them (the text `at` is stored as).
    static func storedFields(_ entry: AuditEntry) -> [String] {
        let at: String
        if case .string(let text) = entry.at.databaseValue.storage { at = text } else { at = "" }
        return [
            at, entry.event.rawValue, entry.deviceId ?? "", entry.peer ?? "", entry.detail ?? "",
            entry.prunedThroughId.map(String.init) ?? "",
        ]
    }

    static func hash(previous: String, fields: [String]) -> String {
        let text = ([previous] + fields).joined(separator: separator)
        return HexEncoding.lowercase(SHA256.hash(Array(text.utf8)))
    }

    static let columns = "id, at, event, deviceId, peer, detail, prunedThroughId, prevHash, hash"

    /// The stored fields of a row fetched with ``columns``.
    static func fields(_ row: Row) -> [String] {
        let pruned: Int64? = row["prunedThroughId"]
        return [
            row["at"] as String? ?? "", row["event"] as String? ?? "", row["deviceId"] as String? ?? "",
            row["peer"] as String? ?? "", row["detail"] as String? ?? "", pruned.map(String.init) ?? "",
        ]
    }

    /// Migration v3: the two columns, filled for the rows already there (in order), with the append-only update
    /// trigger lifted for the length of the migration only.
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE auditLog ADD COLUMN prevHash TEXT;
                ALTER TABLE auditLog ADD COLUMN hash TEXT;
                DROP TRIGGER auditLog_append_only_update;
                """)
        var previous = ""
        for row in try Row.fetchAll(db, sql: "SELECT \(columns) FROM auditLog ORDER BY id") {
            let hash = hash(previous: previous, fields: fields(row))
            try db.execute(
                sql: "UPDATE auditLog SET prevHash = ?, hash = ? WHERE id = ?",
                arguments: [previous, hash, row["id"] as Int64])
            previous = hash
        }
        try db.execute(
            sql: """
                CREATE TRIGGER auditLog_append_only_update BEFORE UPDATE ON auditLog
                BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
                """)
    }
}

/// What ``Registry/verifyAuditChain()`` found.
public struct AuditChainReport: Sendable, Equatable {
    /// Rows checked.
    public var rows: Int
    /// The first row whose content or link does not match, with what is wrong; nil when the chain is whole.
    public var firstBreak: (id: Int64, problem: String)?
    /// The last row's hash (keep it elsewhere to notice rows removed at the end).
    public var lastHash: String?

    public var isIntact: Bool { firstBreak == nil }

    public static func == (a: AuditChainReport, b: AuditChainReport) -> Bool {
        a.rows == b.rows && a.firstBreak?.id == b.firstBreak?.id && a.firstBreak?.problem == b.firstBreak?.problem
            && a.lastHash == b.lastHash
    }
}

extension Registry {
    /// Checks the audit log's hash chain from the oldest row kept to the newest.
    public func verifyAuditChain() async throws -> AuditChainReport {
        try await pool.read { db in
            var report = AuditChainReport(rows: 0, firstBreak: nil, lastHash: nil)
            var previous: String?
            for row in try Row.fetchAll(db, sql: "SELECT \(AuditChain.columns) FROM auditLog ORDER BY id") {
                report.rows += 1
                let id: Int64 = row["id"]
                let prevHash: String? = row["prevHash"]
                let hash: String? = row["hash"]
                if report.firstBreak == nil {
                    if let previous, prevHash != previous {
                        report.firstBreak = (id, "it does not follow the row before it (a row was removed or changed)")
                    } else if hash != AuditChain.hash(previous: prevHash ?? "", fields: AuditChain.fields(row)) {
                        report.firstBreak = (id, "its content does not match its hash (it was changed)")
                    }
                }
                previous = hash
                report.lastHash = hash
            }
            return report
        }
    }
}
