import GRDB

/// What a database says about itself, for `companion doctor`-style checks and tests.
package enum SQLiteDiagnostics {
    /// `PRAGMA integrity_check`, its lines joined (`"ok"` when the database is sound).
    package static func integrityCheck(_ db: Database) throws -> String {
        try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; ")
    }

    /// The journal mode in effect (`"wal"` for every database opened by ``SQLiteDatabase``).
    package static func journalMode(_ db: Database) throws -> String {
        try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? ""
    }

    /// The level of `synchronous` in effect: 0 off, 1 normal, 2 full, 3 extra.
    package static func synchronous(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
    }
}
