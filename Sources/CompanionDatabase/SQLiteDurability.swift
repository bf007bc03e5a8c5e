import GRDB

/// How much of a committed write survives, as SQLite's `synchronous` level in WAL mode.
package enum SQLiteDurability: Sendable {
    /// `synchronous = FULL`: the WAL is synced at every commit, so a commit survives a crash of the machine
    /// (the registry, the managed sessions, the run registry).
    case full
    /// `synchronous = NORMAL`: a commit is in the operating system's hands, so it survives a crash of the process
    /// but the last commits may be lost to a power cut (the index, a cache; the nonce journal's reads).
    case normal

    func apply(_ db: Database) throws {
        switch self {
        case .full: try db.execute(sql: "PRAGMA synchronous = FULL")
        case .normal: try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
    }

    /// Runs `body` on `db` at this durability, then puts the connection back at `restore`: for the one commit
    /// that needs more than the connection's level (call it from `writeWithoutTransaction`, so that the commit
    /// happens inside `body`).
    package func during<T>(_ db: Database, restoring restore: SQLiteDurability, _ body: () throws -> T) throws -> T {
        try apply(db)
        defer { try? restore.apply(db) }
        return try body()
    }
}
