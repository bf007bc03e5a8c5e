import CompanionDatabase
import Foundation
import GRDB

/// The sessions the sidecar runs, in their own SQLite database (`claude-sessions.sqlite` in the sidecar's data
/// directory; WAL). Unlike the transcript index, which can be rebuilt from `~/.claude` at any time, this is
/// state: a name, options and a status that exist nowhere else.
package struct ManagedSessionStore: Sendable {
    let writer: any DatabaseWriter

    /// Opens (creating and migrating) the database at `path`.
    package init(path: String) throws {
        writer = try SQLiteDatabase.openPool(path: path, durability: .full, migrator: Self.migrator)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("managed-sessions-v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE managed_sessions (
                        id TEXT PRIMARY KEY NOT NULL,
                        claude_session_id TEXT,
                        name TEXT,
                        project_path TEXT,
                        options TEXT NOT NULL,
                        status TEXT NOT NULL,
                        message_count INTEGER NOT NULL,
                        total_cost_usd REAL,
                        forked_from TEXT,
                        fork_of TEXT,
                        created_at REAL NOT NULL,
                        last_active_at REAL NOT NULL
                    );
                    CREATE INDEX managed_sessions_by_claude_id ON managed_sessions(claude_session_id);
                    """)
        }
        return migrator
    }

    /// Saves a new session, or replaces the one with the same id.
    package func save(_ session: ManagedSession) async throws {
        let options = String(decoding: try JSONEncoder().encode(session.options), as: UTF8.self)
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO managed_sessions (id, claude_session_id, name, project_path, options,
                        status, message_count, total_cost_usd, forked_from, fork_of, created_at, last_active_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    session.id.uuidString, session.claudeSessionId, session.name, session.projectPath, options,
                    session.status.rawValue, session.messageCount, session.totalCostUSD,
                    session.forkedFrom?.uuidString, session.forkOf, session.createdAt.timeIntervalSince1970,
                    session.lastActiveAt.timeIntervalSince1970,
                ])
        }
    }

    /// The session with this id, or nil.
    package func session(id: UUID) async throws -> ManagedSession? {
        try await writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM managed_sessions WHERE id = ?", arguments: [id.uuidString])
                .flatMap(Self.session(from:))
        }
    }

    /// The session running Claude Code session `claudeSessionId`, or nil.
    package func session(claudeSessionId: String) async throws -> ManagedSession? {
        try await writer.read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM managed_sessions WHERE claude_session_id = ?", arguments: [claudeSessionId]
            ).flatMap(Self.session(from:))
        }
    }

    /// Every session, most recently active first.
    package func all() async throws -> [ManagedSession] {
        try await writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM managed_sessions ORDER BY last_active_at DESC")
                .compactMap(Self.session(from:))
        }
    }

    /// Applies `change` to the stored session and saves it; returns the result, or nil when there is none.
    @discardableResult
    package func update(id: UUID, _ change: @Sendable (inout ManagedSession) -> Void) async throws -> ManagedSession? {
        guard var session = try await session(id: id) else { return nil }
        change(&session)
        try await save(session)
        return session
    }

    /// Deletes a session; true when there was one.
    @discardableResult
    package func delete(id: UUID) async throws -> Bool {
        try await writer.write { db in
            try db.execute(sql: "DELETE FROM managed_sessions WHERE id = ?", arguments: [id.uuidString])
            return db.changesCount > 0
        }
    }

    /// After a restart no run is streaming: sessions left `active` by a crash become `cancelled`. Returns
    /// their ids.
    package func settleInterrupted(now: Date = Date()) async throws -> [UUID] {
        try await writer.write { db in
            let ids = try String.fetchAll(
                db, sql: "SELECT id FROM managed_sessions WHERE status = ?",
                arguments: [ManagedSession.Status.active.rawValue])
            try db.execute(
                sql: "UPDATE managed_sessions SET status = ? WHERE status = ?",
                arguments: [ManagedSession.Status.cancelled.rawValue, ManagedSession.Status.active.rawValue])
            return ids.compactMap(UUID.init(uuidString:))
        }
    }

    private static func session(from row: Row) -> ManagedSession? {
        guard let id = UUID(uuidString: row["id"]),
            let status = ManagedSession.Status(rawValue: row["status"]),
            let optionsText: String = row["options"],
            let options = try? JSONDecoder().decode(SessionOptions.self, from: Data(optionsText.utf8))
        else { return nil }
        let forkedFrom: String? = row["forked_from"]
        return ManagedSession(
            id: id, claudeSessionId: row["claude_session_id"], name: row["name"], projectPath: row["project_path"],
            options: options, status: status, messageCount: row["message_count"],
            totalCostUSD: row["total_cost_usd"], forkedFrom: forkedFrom.flatMap(UUID.init(uuidString:)),
            forkOf: row["fork_of"],
            createdAt: Date(timeIntervalSince1970: row["created_at"]),
            lastActiveAt: Date(timeIntervalSince1970: row["last_active_at"]))
    }
}
