import CompanionAPI
import GRDB

extension Registry {
    /// What a paired device witnesses of the audit log (``CompanionStatusResponse/auditHead``): the newest row,
    /// the row `since` names (nil when it does not exist), and the highest id a pruning record removed.
    package func auditWitness(since: Int64?) async throws -> (
        head: AuditRowMark?, at: AuditRowMark?, prunedThrough: Int64?
    ) {
        try await pool.read { db in
            func mark(_ row: Row?) -> AuditRowMark? {
                guard let row, let id = row["id"] as Int64? else { return nil }
                return AuditRowMark(id: id, hash: row["hash"] as String? ?? "")
            }
            let head = mark(try Row.fetchOne(db, sql: "SELECT id, hash FROM auditLog ORDER BY id DESC LIMIT 1"))
            let at = try since.flatMap {
                mark(try Row.fetchOne(db, sql: "SELECT id, hash FROM auditLog WHERE id = ?", arguments: [$0]))
            }
            let pruned = try Int64.fetchOne(db, sql: "SELECT max(prunedThroughId) FROM auditLog")
            return (head, at, pruned)
        }
    }
}
