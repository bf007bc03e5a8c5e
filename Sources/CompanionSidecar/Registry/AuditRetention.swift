import Foundation

/// How long the audit log keeps its rows: at most ``maxAgeDays`` days and at most ``maxRows`` rows (the newest
/// are kept). Pruning is done only by the sidecar, and each pruning first appends an `audit_pruned` row saying
/// how many rows it removed and up to when; see ``Registry/pruneAuditLog(now:retention:)``.
package struct AuditRetention: Sendable, Equatable {
    /// Rows older than this many days are removed.
    package var maxAgeDays: Int
    /// The oldest rows beyond this count are removed (the count includes the record of the pruning).
    package var maxRows: Int

    /// 90 days and 100,000 rows.
    package static let `default` = AuditRetention(maxAgeDays: 90, maxRows: 100_000)

    package init(maxAgeDays: Int, maxRows: Int) {
        self.maxAgeDays = maxAgeDays
        self.maxRows = maxRows
    }

    /// Rows appended between two prunings while the sidecar runs: 1 % of ``maxRows`` (so the log exceeds it by
    /// at most 1 %), and at least one pruning an hour.
    var rowsBetweenPrunings: Int { max(1, maxRows / 100) }
    static let secondsBetweenPrunings: TimeInterval = 3600

    /// The schema change that allows pruning while keeping the log append-only for everyone else: a row can be
    /// deleted only when an `audit_pruned` row recorded before it covers it (`prunedThroughId`), the latest
    /// such record can never be deleted, and a record can only cover rows that already exist. Changing a row
    /// stays refused.
    static let migrationSQL = """
        ALTER TABLE auditLog ADD COLUMN prunedThroughId INTEGER;
        CREATE INDEX auditLog_pruning ON auditLog(event, prunedThroughId);
        DROP TRIGGER auditLog_append_only_delete;
        CREATE TRIGGER auditLog_delete_only_recorded_pruning BEFORE DELETE ON auditLog
        WHEN OLD.id > coalesce((SELECT max(prunedThroughId) FROM auditLog WHERE event = 'audit_pruned'), 0)
            OR OLD.id = (SELECT max(id) FROM auditLog WHERE event = 'audit_pruned')
        BEGIN
            SELECT RAISE(ABORT, 'the audit log is append-only: only the sidecar prunes it, after recording that');
        END;
        CREATE TRIGGER auditLog_pruning_covers_the_past BEFORE INSERT ON auditLog
        WHEN NEW.prunedThroughId IS NOT NULL
            AND (NEW.event <> 'audit_pruned'
                OR NEW.prunedThroughId > coalesce((SELECT max(id) FROM auditLog), 0))
        BEGIN
            SELECT RAISE(ABORT, 'the audit log is append-only: a pruning record can only cover existing rows');
        END;
        """
}
