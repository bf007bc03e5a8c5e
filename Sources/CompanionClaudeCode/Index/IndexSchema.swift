import GRDB

/// The index's SQLite schema, as a migrator. The index is a cache of the transcripts: a migration that changes a
/// table may drop it and let the next refresh rebuild it (project ids are derived from paths, so they survive).
///
/// Before the migrator, the schema was kept by `user_version` (1, then 2, which is the schema below). The first
/// migration adopts a version-2 index as it is and drops anything else, which the next refresh rebuilds.
enum IndexSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("index-v2: project, session, message") { db in
            if try isVersion2(db) { return }
            for table in ["message", "session", "project"] { try db.execute(sql: "DROP TABLE IF EXISTS \(table)") }
            try createVersion2(db)
        }
        return migrator
    }

    /// Whether the tables are already version 2's (the last schema `user_version` kept: `session.prompt_title`).
    private static func isVersion2(_ db: Database) throws -> Bool {
        guard try db.tableExists("session"), try db.tableExists("project"), try db.tableExists("message") else {
            return false
        }
        return try db.columns(in: "session").contains { $0.name == "prompt_title" }
    }

    private static func createVersion2(_ db: Database) throws {
        try db.execute(
            sql: """
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
                """)
    }
}
