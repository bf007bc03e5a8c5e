import CompanionAPI
import CompanionCrypto
import CompanionDatabase
import Foundation
import GRDB
import Synchronization

/// The sidecar's persistent registry: trusted devices, the current connection and the audit log,
/// in SQLite through GRDB.
///
/// The database runs in WAL mode with `synchronous = FULL`: a write the sidecar has acknowledged survives a
/// crash of the process (and of the machine), and a `kill -9` at any moment leaves a readable database.
/// The schema is created and upgraded by ``RegistryMigrations``.
package final class Registry: Sendable {
    /// File name of the database inside the data directory.
    package static let fileName = "registry.sqlite"

    let pool: DatabasePool
    let cache = ConnectionCache()
    /// When each device's `lastSeenAt` was last written by ``touch(deviceID:at:)`` in this process.
    let lastSeenWrites = Mutex<[String: Date]>([:])
    /// Keys of trusted devices, emptied whenever the trusted devices change (``TrustedKeyObserver``).
    let trustedKeys = TrustedKeyCache()
    /// Path of the database file.
    package let path: String
    /// How long the audit log keeps rows (see ``pruneAuditLog(now:retention:)``).
    package let auditRetention: AuditRetention
    /// When the audit log was last pruned by this process.
    let pruneSchedule = Mutex(PruneSchedule())
    /// The key of the audit chain (``AuditChain``); nil writes and checks unkeyed SHA-256 rows only.
    let auditKey: SecureBytes?

    /// Opens (creating if needed) `registry.sqlite` in `directory`. A missing directory is created with mode
    /// 0700; an existing one must be the user's and private, or ``UnsafeDataDirectory`` is thrown (nothing is
    /// created in it then).
    package convenience init(
        directory: URL, auditRetention: AuditRetention = .default, auditKey: SecureBytes? = nil
    ) throws {
        try PrivateDataDirectory.prepare(directory)
        try self.init(
            path: directory.appendingPathComponent(Self.fileName).path, auditRetention: auditRetention,
            auditKey: auditKey)
    }

    /// Opens (creating if needed) the database at `path` and migrates it to the current schema. The database
    /// file is created 0600 before SQLite opens it (SQLite then gives `-wal` and `-shm` the same mode), and an
    /// existing database, `-wal` or `-shm` with a wider mode is narrowed to 0600.
    /// `auditKey` keys the audit chain (``AuditChain``); without it rows are written and checked unkeyed.
    package init(path: String, auditRetention: AuditRetention = .default, auditKey: SecureBytes? = nil) throws {
        try PrivateDataDirectory.ensurePrivateFile(path, create: true)
        for suffix in ["-wal", "-shm"] { try PrivateDataDirectory.ensurePrivateFile(path + suffix, create: false) }
        self.path = path
        self.auditRetention = auditRetention
        self.auditKey = auditKey
        self.pool = try SQLiteDatabase.openPool(path: path, durability: .full, migrator: RegistryMigrations.migrator)
        pool.add(transactionObserver: TrustedKeyObserver(cache: trustedKeys), extent: .databaseLifetime)
        try pool.read { db in try self.cache.set(Self.connectedDevice(db)) }
    }

    /// The connection state as `GET /companion/status` reports it (from memory).
    package var status: CompanionStatusResponse { cache.current }

    /// ``status`` encoded as JSON (encoded once per change).
    package var statusJSON: [UInt8] { cache.currentJSON }

    /// Every trusted device, oldest pairing first.
    package func devices() async throws -> [DeviceRecord] {
        try await pool.read { db in
            try DeviceRecord.order(Column("pairedAt"), Column("id")).fetchAll(db)
        }
    }

    /// The device with this public key (base64), if trusted.
    package func device(publicKey: String) async throws -> DeviceRecord? {
        try await pool.read { db in
            try DeviceRecord.filter(Column("publicKey") == publicKey).fetchOne(db)
        }
    }

    /// The whole audit log, oldest first.
    package func auditLog() async throws -> [AuditEntry] {
        try await pool.read { db in try AuditEntry.order(Column("id")).fetchAll(db) }
    }

    /// Appends one audit entry, pruning the log now and then under ``auditRetention``.
    package func audit(_ entry: AuditEntry) async throws {
        try await appendAudit(entry)
    }

    /// SQLite's integrity check (`"ok"` when the database is sound).
    package func integrityCheck() throws -> String {
        try pool.read(SQLiteDiagnostics.integrityCheck)
    }

    /// The journal mode in effect (`"wal"`).
    package func journalMode() throws -> String {
        try pool.read(SQLiteDiagnostics.journalMode)
    }

    /// Names of the migrations applied, in order.
    package func appliedMigrations() throws -> [String] {
        try pool.read { db in try RegistryMigrations.migrator.appliedIdentifiers(db).sorted() }
    }

    static func connectedDevice(_ db: Database) throws -> CompanionDevice? {
        guard let connection = try ConnectionRecord.fetchOne(db, key: 1),
            let device = try DeviceRecord.fetchOne(db, key: connection.deviceId)
        else { return nil }
        return device.connected(at: connection.connectedAt)
    }
}
