import GRDB

/// The package's one SQLite opener: every database CompanionKit keeps (the registry, the Claude Code index, the
/// run registry, the managed sessions, the nonce journal) is opened here, in WAL mode, with a busy timeout, the
/// `synchronous` level its data needs (``SQLiteDurability``) and its own `DatabaseMigrator`, run before the
/// database is handed out. `scripts/check-sqlite-opener.sh` fails on any other `DatabaseQueue(`/`DatabasePool(`
/// or `PRAGMA` in `Sources/`.
package enum SQLiteDatabase {
    /// How long a connection waits for another's lock before failing with `SQLITE_BUSY`.
    package static let busyTimeout: Double = 5

    /// Opens (creating if needed) the database at `path` as a pool (concurrent reads beside one writer) and runs
    /// `migrator` on it.
    /// `durability` is the `synchronous` level of every connection; foreign keys are enforced.
    package static func openPool(
        path: String, durability: SQLiteDurability, migrator: DatabaseMigrator
    ) throws -> DatabasePool {
        let pool = try DatabasePool(path: path, configuration: configuration(durability))
        try migrator.migrate(pool)
        return pool
    }

    /// Opens (creating if needed) the database at `path` as a queue (one connection, serialized) in WAL mode and
    /// runs `migrator` on it.
    package static func openQueue(
        path: String, durability: SQLiteDurability, migrator: DatabaseMigrator
    ) throws -> DatabaseQueue {
        var configuration = configuration(durability)
        configuration.journalMode = .wal
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try migrator.migrate(queue)
        return queue
    }

    private static func configuration(_ durability: SQLiteDurability) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in try durability.apply(db) }
        return configuration
    }
}
