import GRDB

/// The index's SQLite schema. The index is a cache of the transcripts: a schema change drops and rebuilds it
/// (project ids are derived from paths, so they survive a rebuild).
enum IndexSchema {
    static let version = 2

    static func prepare(_ db: Database) throws {
        let current = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        if current == version { return }
        for table in ["message", "session", "project"] { try db.execute(sql: "DROP TABLE IF EXISTS \(table)") }
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
                PRAGMA user_version = \(version);
                """)
    }
}
