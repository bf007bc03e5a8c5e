import CompanionAPI
import GRDB

/// The registry's schema, as an ordered list of migrations. Never edit a shipped migration: add a new one.
enum RegistryMigrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: devices, connection, audit log") { db in
            try db.execute(
                sql: """
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
                    """)
        }
        TaskStore.registerMigrations(in: &migrator)
        migrator.registerMigration("v2: audit log retention") { db in
            try db.execute(sql: AuditRetention.migrationSQL)
        }
        migrator.registerMigration("v3: audit log hash chain") { db in try AuditChain.migrate(db) }
        migrator.registerMigration("v4: device scopes") { db in
            // Devices paired before scopes existed keep every power they had.
            try db.execute(
                sql: "ALTER TABLE device ADD COLUMN scopes TEXT NOT NULL DEFAULT '\(DeviceScope.text(DeviceScope.all))'"
            )
        }
        migrator.registerMigration("v5: agent tmux sessions started") { db in
            try db.execute(sql: Registry.agentSessionsMigrationSQL)
        }
        migrator.registerMigration("v6: push subscriptions") { db in
            try db.execute(sql: Registry.pushSubscriptionsMigrationSQL)
        }
        return migrator
    }
}
