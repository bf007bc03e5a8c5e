import Foundation
import GRDB

/// The schemas the Claude Code databases shipped with before the migrators, as raw SQL copied from git history
/// (the commit is named on each), for the migration tests: each is written to a file with GRDB directly, as the old
/// code wrote it, and then opened with today's code.
enum ShippedSchemas {
    /// The transcript index, `user_version` 1 (ee5643c, IndexSchema.swift).
    static let indexVersion1 = """
        CREATE TABLE project (
            dir TEXT PRIMARY KEY NOT NULL,
            id TEXT NOT NULL,
            path TEXT NOT NULL,
            path_from_transcripts INTEGER NOT NULL
        );
        CREATE INDEX project_by_id ON project(id);
        CREATE TABLE session (
            rowid INTEGER PRIMARY KEY,
            dir TEXT NOT NULL,
            session_id TEXT NOT NULL,
            inode INTEGER NOT NULL DEFAULT 0,
            size INTEGER NOT NULL DEFAULT 0,
            mtime_ns INTEGER NOT NULL DEFAULT 0,
            head BLOB NOT NULL DEFAULT x'',
            offset INTEGER NOT NULL DEFAULT 0,
            skipped INTEGER NOT NULL DEFAULT 0,
            cwd TEXT, git_branch TEXT, version TEXT, model TEXT,
            created_at REAL, last_activity REAL,
            message_count INTEGER NOT NULL DEFAULT 0,
            custom_title TEXT, ai_title TEXT, summary TEXT, first_prompt TEXT,
            UNIQUE (dir, session_id)
        );
        CREATE INDEX session_by_id ON session(session_id);
        CREATE INDEX session_by_activity ON session(last_activity);
        CREATE TABLE message (
            session INTEGER NOT NULL,
            idx INTEGER NOT NULL,
            role TEXT NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL,
            tool_name TEXT, tool_use_id TEXT, tool_input TEXT, tool_result TEXT,
            is_error INTEGER NOT NULL DEFAULT 0, timestamp REAL, uuid TEXT, model TEXT,
            truncated INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (session, idx)
        );
        CREATE INDEX message_open_tool_use ON message(session, tool_use_id)
            WHERE kind = 'toolUse' AND tool_result IS NULL;
        PRAGMA user_version = 1;
        """

    /// The transcript index, `user_version` 2 (daf80fd, IndexSchema.swift: `title` and `prompt_title` added).
    static let indexVersion2 = """
        CREATE TABLE project (
            dir TEXT PRIMARY KEY NOT NULL,
            id TEXT NOT NULL,
            path TEXT NOT NULL,
            path_from_transcripts INTEGER NOT NULL
        );
        CREATE INDEX project_by_id ON project(id);
        CREATE TABLE session (
            rowid INTEGER PRIMARY KEY,
            dir TEXT NOT NULL,
            session_id TEXT NOT NULL,
            inode INTEGER NOT NULL DEFAULT 0,
            size INTEGER NOT NULL DEFAULT 0,
            mtime_ns INTEGER NOT NULL DEFAULT 0,
            head BLOB NOT NULL DEFAULT x'',
            offset INTEGER NOT NULL DEFAULT 0,
            skipped INTEGER NOT NULL DEFAULT 0,
            cwd TEXT, git_branch TEXT, version TEXT, model TEXT,
            created_at REAL, last_activity REAL,
            message_count INTEGER NOT NULL DEFAULT 0,
            custom_title TEXT, ai_title TEXT, summary TEXT, first_prompt TEXT,
            title TEXT, prompt_title TEXT,
            UNIQUE (dir, session_id)
        );
        CREATE INDEX session_by_id ON session(session_id);
        CREATE INDEX session_by_activity ON session(last_activity);
        CREATE TABLE message (
            session INTEGER NOT NULL,
            idx INTEGER NOT NULL,
            role TEXT NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL,
            tool_name TEXT, tool_use_id TEXT, tool_input TEXT, tool_result TEXT,
            is_error INTEGER NOT NULL DEFAULT 0, timestamp REAL, uuid TEXT, model TEXT,
            truncated INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (session, idx)
        );
        CREATE INDEX message_open_tool_use ON message(session, tool_use_id)
            WHERE kind = 'toolUse' AND tool_result IS NULL;
        PRAGMA user_version = 2;
        """

    /// `runs.sqlite` (9c6f30e, ClaudeRunRegistry.swift: `db.create(table:ifNotExists:)` in a rollback-journal
    /// `DatabaseQueue`), as GRDB's table builder wrote it.
    static let runsVersion1 = """
        CREATE TABLE "claude_run" (
            "runID" TEXT PRIMARY KEY,
            "pid" INTEGER NOT NULL,
            "processGroup" INTEGER NOT NULL,
            "startTime" INTEGER NOT NULL,
            "bootID" TEXT NOT NULL,
            "tag" TEXT,
            "workingDirectory" TEXT NOT NULL,
            "claudeSessionID" TEXT,
            "startedAt" DATETIME NOT NULL
        );
        """

    /// `claude-sessions.sqlite` (41c792d, ManagedSessionStore.swift: migration `managed-sessions-v1`, with the
    /// migrator's own table).
    static let managedSessionsVersion1 = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('managed-sessions-v1');
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
        """

    /// Writes `sql` to a new database at `path` the way the code of that time did (a plain connection: rollback
    /// journal, no migrator unless the SQL makes its table).
    static func write(_ sql: String, to path: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
        try queue.close()
    }
}
