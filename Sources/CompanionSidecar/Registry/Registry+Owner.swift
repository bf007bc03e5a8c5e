import Foundation
import GRDB

extension Registry {
    /// The newest `limit` rows of the audit log, oldest first.
    package func recentAuditLog(limit: Int) async throws -> [AuditEntry] {
        try await pool.read { db in
            try AuditEntry.order(Column("id").desc).limit(limit).fetchAll(db).reversed()
        }
    }
}
