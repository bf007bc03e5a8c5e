import CompanionAPI
import CompanionDatabase
import Foundation
import GRDB

/// The sidecar's ``NonceJournal``: `nonces.sqlite` in the data directory, one row per accepted signed request
/// (fingerprint and signed timestamp), kept for two signature windows.
///
/// A separate database from the registry, so that journalling a nonce never waits behind (or holds up) a registry
/// write. It runs in WAL mode with `synchronous = NORMAL`: a committed row is in the operating system's hands, so a
/// `kill -9` of the sidecar loses none. Nonces of requests that change state (every method but GET and HEAD) are
/// committed with `synchronous = FULL`, so not even a power cut reopens them. The file is created with mode 0600
/// (SQLite gives its `-wal` and `-shm` files the same mode).
final class NonceJournalStore: NonceJournal {
    /// File name of the journal inside the data directory.
    static let fileName = "nonces.sqlite"

    let queue: DatabaseQueue

    /// Opens (creating if needed) the journal in `directory`, which must exist.
    init(directory: URL) throws {
        let path = directory.appendingPathComponent(Self.fileName).path
        // 0600, never through a symbolic link, narrowed if an older file is wider (SQLite gives -wal/-shm its mode).
        if let descriptor = try PrivateDataDirectory.openPrivateFile(path, create: true) { close(descriptor) }
        queue = try SQLiteDatabase.openQueue(path: path, durability: .normal, migrator: Self.migrator)
    }

    /// The schema. The first migration is the table as it shipped before the migrator (`IF NOT EXISTS`), so a
    /// journal of that time is adopted with its rows.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("nonces-v1: nonce") { db in
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS nonce (
                        fingerprint INTEGER NOT NULL,
                        timestampMillis INTEGER NOT NULL
                    );
                    CREATE INDEX IF NOT EXISTS nonce_timestamp ON nonce(timestampMillis);
                    """)
        }
        return migrator
    }

    func record(_ record: NonceRecord, durable: Bool) async throws {
        try await queue.writeWithoutTransaction { db in
            let durability: SQLiteDurability = durable ? .full : .normal
            try durability.during(db, restoring: .normal) {
                try db.execute(
                    sql: "INSERT INTO nonce (fingerprint, timestampMillis) VALUES (?, ?)",
                    arguments: [Int64(bitPattern: record.fingerprint), record.timestampMillis])
            }
        }
    }

    func records(sinceMillis: Int64) throws -> [NonceRecord] {
        try queue.read { db in
            var records: [NonceRecord] = []
            let rows = try Row.fetchCursor(
                db, sql: "SELECT fingerprint, timestampMillis FROM nonce WHERE timestampMillis >= ?",
                arguments: [sinceMillis])
            while let row = try rows.next() {
                records.append(
                    NonceRecord(fingerprint: UInt64(bitPattern: row[0] as Int64), timestampMillis: row[1]))
            }
            return records
        }
    }

    func prune(beforeMillis: Int64) async throws {
        try await queue.write { db in
            try db.execute(sql: "DELETE FROM nonce WHERE timestampMillis < ?", arguments: [beforeMillis])
        }
    }

    func pruneNow(beforeMillis: Int64) throws {
        try queue.write { db in
            try db.execute(sql: "DELETE FROM nonce WHERE timestampMillis < ?", arguments: [beforeMillis])
        }
    }

    /// Number of rows (for tests and diagnostics).
    func count() throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM nonce") ?? 0 }
    }
}
