import CompanionAPI
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

    private let queue: DatabaseQueue

    /// Opens (creating if needed) the journal in `directory`, which must exist.
    init(directory: URL) throws {
        let path = directory.appendingPathComponent(Self.fileName).path
        try Self.createPrivately(path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(5)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(
                sql: """
                    CREATE TABLE IF NOT EXISTS nonce (
                        fingerprint INTEGER NOT NULL,
                        timestampMillis INTEGER NOT NULL
                    );
                    CREATE INDEX IF NOT EXISTS nonce_timestamp ON nonce(timestampMillis);
                    """)
        }
    }

    func record(_ record: NonceRecord, durable: Bool) async throws {
        try await queue.writeWithoutTransaction { db in
            if durable { try db.execute(sql: "PRAGMA synchronous = FULL") }
            defer { if durable { try? db.execute(sql: "PRAGMA synchronous = NORMAL") } }
            try db.execute(
                sql: "INSERT INTO nonce (fingerprint, timestampMillis) VALUES (?, ?)",
                arguments: [Int64(bitPattern: record.fingerprint), record.timestampMillis])
        }
    }

    func records(sinceMillis: Int64) throws -> [NonceRecord] {
        try queue.read { db in
            try Row.fetchAll(
                db, sql: "SELECT fingerprint, timestampMillis FROM nonce WHERE timestampMillis >= ?",
                arguments: [sinceMillis]
            ).map { row in
                NonceRecord(fingerprint: UInt64(bitPattern: row[0] as Int64), timestampMillis: row[1])
            }
        }
    }

    func prune(beforeMillis: Int64) async throws {
        try await queue.write { db in
            try db.execute(sql: "DELETE FROM nonce WHERE timestampMillis < ?", arguments: [beforeMillis])
        }
    }

    /// Number of rows (for tests and diagnostics).
    func count() throws -> Int {
        try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM nonce") ?? 0 }
    }

    /// Creates an empty file with mode 0600 unless one exists, so SQLite never creates it with the umask's mode.
    private static func createPrivately(_ path: String) throws {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
    }
}
