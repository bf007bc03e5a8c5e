import Foundation
import GRDB

/// The tmux sessions this sidecar started (`POST /api/sessions`), by name: a sidecar that restarts adopts only
/// these, never a `companion-…` session something else made on the same tmux server.
extension Registry {
    /// Records that the sidecar started tmux session `name`.
    package func recordAgentSession(_ name: String, at date: Date) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "INSERT OR IGNORE INTO agentTmuxSession (name, startedAt) VALUES (?, ?)",
                arguments: [name, date])
        }
    }

    /// Forgets tmux session `name` (it was removed).
    package func forgetAgentSession(_ name: String) async throws {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM agentTmuxSession WHERE name = ?", arguments: [name])
        }
    }

    /// The names of the tmux sessions the sidecar started and did not remove.
    package func recordedAgentSessions() async throws -> Set<String> {
        try await pool.read { db in Set(try String.fetchAll(db, sql: "SELECT name FROM agentTmuxSession")) }
    }

    /// Migration v5.
    static let agentSessionsMigrationSQL = """
        CREATE TABLE agentTmuxSession (
            name TEXT PRIMARY KEY NOT NULL,
            startedAt DATETIME NOT NULL
        );
        """
}
