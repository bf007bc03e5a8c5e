import CompanionAPI
import CompanionDatabase
import CompanionTestSupport
import Foundation
import GRDB
import Testing

@testable import CompanionSidecar

/// The sidecar's databases as their oldest shipped code made them (raw SQL copied from git history), opened by
/// today's code: every row survives every migration since, and each database runs in WAL mode at the
/// `synchronous` level it needs.
@Suite struct ShippedSidecarSchemaTests {
    /// `registry.sqlite` after its first migration (1650081, RegistryMigrations.swift), in WAL mode as its
    /// `DatabasePool` made it: one device, connected, and one audit row.
    static let registryVersion1 = """
        PRAGMA journal_mode = WAL;
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1: devices, connection, audit log');
        CREATE TABLE device (
            id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL,
            publicKey TEXT NOT NULL UNIQUE,
            pairedAt DATETIME NOT NULL,
            lastSeenAt DATETIME NOT NULL
        );
        CREATE TABLE connection (
            id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
            deviceId TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            connectedAt DATETIME NOT NULL
        );
        CREATE TABLE auditLog (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at DATETIME NOT NULL,
            event TEXT NOT NULL,
            deviceId TEXT,
            peer TEXT,
            detail TEXT
        );
        CREATE TRIGGER auditLog_append_only_update BEFORE UPDATE ON auditLog
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
        CREATE TRIGGER auditLog_append_only_delete BEFORE DELETE ON auditLog
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
        INSERT INTO device VALUES ('d1', 'Ada''s phone', 'cHVibGljLWtleQ==', '2026-11-21 23:00:00.000',
            '2026-11-21 23:30:00.000');
        INSERT INTO connection VALUES (1, 'd1', '2026-11-21 23:00:00.000');
        INSERT INTO auditLog (at, event, deviceId, peer, detail)
            VALUES ('2026-11-21 23:00:00.000', 'paired', 'd1', '127.0.0.1', NULL);
        """

    /// `nonces.sqlite` (b259079, NonceJournalStore.swift: `journal_mode = WAL` and the table `IF NOT EXISTS`).
    static let noncesVersion1 = """
        PRAGMA journal_mode = WAL;
        CREATE TABLE IF NOT EXISTS nonce (
            fingerprint INTEGER NOT NULL,
            timestampMillis INTEGER NOT NULL
        );
        CREATE INDEX IF NOT EXISTS nonce_timestamp ON nonce(timestampMillis);
        INSERT INTO nonce VALUES (-42, 1795428000000);
        """

    static func write(_ sql: String, to path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
        try queue.close()
    }

    @Test func aRegistryOfTheFirstVersionKeepsItsDeviceAndAuditThroughEveryMigration() async throws {
        let directory = try TestPaths.temporaryDirectory("registry-v1")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(Registry.fileName).path
        try Self.write(Self.registryVersion1, to: path)
        let registry = try Registry(path: path)
        #expect(
            try registry.appliedMigrations() == [
                "tasks-v1", "tasks-v2-pr", "v1: devices, connection, audit log", "v2: audit log retention",
                "v3: audit log hash chain", "v4: device scopes", "v5: agent tmux sessions started",
                "v6: push subscriptions",
            ])
        let device = try #require(try await registry.devices().first)
        #expect(device.name == "Ada's phone" && device.publicKey == "cHVibGljLWtleQ==")
        #expect(device.scopeSet == Set(DeviceScope.all))  // v4: paired before scopes, keeps every power
        #expect(registry.status.connectedDevice?.id == "d1")
        #expect(try await registry.auditLog().map(\.event.rawValue) == ["paired"])
        let chain = try await registry.verifyAuditChain()  // v3 chained the row already there
        #expect(chain.isIntact && chain.rows == 1, "\(chain)")
        #expect(try await registry.recordedAgentSessions().isEmpty)  // v5
        #expect(try await TaskStore(writer: registry.pool).list(limit: 10).isEmpty)  // tasks-v1
        #expect(try registry.journalMode() == "wal")
        #expect(try await registry.pool.read(SQLiteDiagnostics.synchronous) == 2)
        #expect(try registry.integrityCheck() == "ok")
    }

    @Test func aNonceJournalOfTheFirstVersionKeepsItsNonces() async throws {
        let directory = try TestPaths.temporaryDirectory("nonces-v1")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.write(Self.noncesVersion1, to: directory.appendingPathComponent(NonceJournalStore.fileName).path)
        let journal = try NonceJournalStore(directory: directory)
        let old = NonceRecord(fingerprint: UInt64(bitPattern: -42), timestampMillis: 1_795_428_000_000)
        #expect(try journal.records(sinceMillis: 0) == [old])
        let new = NonceRecord(fingerprint: 7, timestampMillis: 1_795_428_001_000)
        try await journal.record(new, durable: true)
        try await journal.record(NonceRecord(fingerprint: 8, timestampMillis: 1_795_428_002_000), durable: false)
        #expect(try journal.records(sinceMillis: 1_795_428_000_500).map(\.fingerprint).sorted() == [7, 8])
        // A durable write puts the connection back at NORMAL.
        #expect(try await journal.queue.read(SQLiteDiagnostics.synchronous) == 1)
        #expect(try await journal.queue.read(SQLiteDiagnostics.journalMode) == "wal")
        #expect(try await journal.queue.read(NonceJournalStore.migrator.appliedIdentifiers) == ["nonces-v1: nonce"])
    }
}
