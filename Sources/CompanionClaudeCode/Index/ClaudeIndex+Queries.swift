import Foundation
import GRDB

extension ClaudeIndex {
    /// All projects, most recently active first.
    package func projects() async throws -> [ClaudeProject] {
        try await applyPending()
        return try reading { db in
            try Row.fetchAll(db, sql: Self.projectQuery + " ORDER BY last_activity IS NULL, last_activity DESC, p.dir")
                .map(Self.project(_:))
        }
    }

    /// The project with id `id`, or `nil`.
    package func project(id: UUID) async throws -> ClaudeProject? {
        try await applyPending()
        return try reading { db in
            try Row.fetchOne(db, sql: Self.projectQuery + " WHERE p.id = ?", arguments: [id.uuidString])
                .map(Self.project(_:))
        }
    }

    /// The sessions of project `projectID` (all sessions when `nil`), most recently active first; an unknown
    /// project has none.
    package func sessions(projectID: UUID? = nil) async throws -> [ClaudeSessionSummary] {
        try await applyPending()
        return try reading { db in
            if let projectID {
                return try Row.fetchAll(
                    db, sql: Self.sessionQuery + " WHERE p.id = ? ORDER BY s.last_activity DESC",
                    arguments: [projectID.uuidString]
                ).map(Self.session(_:))
            }
            return try Row.fetchAll(db, sql: Self.sessionQuery + " ORDER BY s.last_activity DESC").map(Self.session(_:))
        }
    }

    /// The session `claudeSessionId` (its transcript checked for changes first), or `nil`. When two project
    /// directories hold the same id, the most recently active one.
    package func session(claudeSessionId: String) async throws -> ClaudeSessionSummary? {
        guard let location = try await freshLocation(of: claudeSessionId) else { return nil }
        return try reading { db in
            try Row.fetchOne(
                db, sql: Self.sessionQuery + " WHERE s.dir = ? AND s.session_id = ?",
                arguments: [location.dir, location.sessionId]
            ).map(Self.session(_:))
        }
    }

    /// A page of session `claudeSessionId`'s messages counted from the end: the `limit` messages before index
    /// `before` (before the end when `nil`), oldest first; `nil` for an unknown session.
    package func messages(claudeSessionId: String, limit: Int, before: Int? = nil) async throws -> TranscriptPage? {
        guard let location = try await freshLocation(of: claudeSessionId) else { return nil }
        return try page(location, limit: limit, before: before)
    }

    /// A page of the transcript `<projects>/<encodedProjectPath>/<sessionId>.jsonl` (see
    /// ``messages(claudeSessionId:limit:before:)``), or `nil` when the names are invalid, escape the projects
    /// directory, or name no transcript.
    package func transcript(encodedProjectPath: String, sessionId: String, limit: Int, before: Int? = nil) async throws
        -> TranscriptPage?
    {
        guard projectsDirectory.transcriptPath(encodedProjectPath: encodedProjectPath, sessionId: sessionId) != nil
        else { return nil }
        let location = (dir: encodedProjectPath, sessionId: sessionId)
        try update(session: location)
        return try page(location, limit: limit, before: before)
    }

    /// The project directory of session `id` after checking its transcript's `stat`.
    private func freshLocation(of id: String) async throws -> (dir: String, sessionId: String)? {
        guard ClaudeProjectsDirectory.isValidSessionId(id) else { return nil }
        try await applyPendingIfWatching()
        let dirs = try reading { db in
            try String.fetchAll(
                db, sql: "SELECT dir FROM session WHERE session_id = ? ORDER BY last_activity DESC", arguments: [id])
        }
        if let dir = dirs.first {
            try update(session: (dir, id))
            return try reading { db in
                try Bool.fetchOne(
                    db, sql: "SELECT COUNT(*) > 0 FROM session WHERE dir = ? AND session_id = ?", arguments: [dir, id])
            } == true ? (dir, id) : nil
        }
        if watcher == nil {
            try await refresh()
            return try reading { db in
                try String.fetchOne(
                    db, sql: "SELECT dir FROM session WHERE session_id = ? ORDER BY last_activity DESC LIMIT 1",
                    arguments: [id])
            }.map { ($0, id) }
        }
        return nil
    }

    private func applyPendingIfWatching() async throws {
        if watcher != nil { try await applyPending() }
    }

    private func page(_ location: (dir: String, sessionId: String), limit: Int, before: Int?) throws -> TranscriptPage?
    {
        try reading { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT rowid, message_count FROM session WHERE dir = ? AND session_id = ?",
                    arguments: [location.dir, location.sessionId])
            else { return nil }
            let total: Int = row["message_count"]
            let end = min(max(before ?? total, 0), total)
            let start = max(end - max(limit, 0), 0)
            let messages = try Row.fetchAll(
                db, sql: "SELECT * FROM message WHERE session = ? AND idx >= ? AND idx < ? ORDER BY idx",
                arguments: [row["rowid"] as Int64, start, end]
            ).map(Self.message(_:))
            return TranscriptPage(messages: messages, total: total, hasMore: start > 0)
        }
    }

    private static let projectQuery = """
        SELECT p.dir, p.id, p.path, p.path_from_transcripts,
            (SELECT COUNT(*) FROM session s WHERE s.dir = p.dir) AS session_count,
            (SELECT MAX(last_activity) FROM session s WHERE s.dir = p.dir) AS last_activity
        FROM project p
        """

    /// The columns ``session(_:)`` reads, by position (the listing's hot path).
    private static let sessionQuery = """
        SELECT s.session_id, p.id, s.dir, s.cwd, s.git_branch, s.title, s.prompt_title, s.created_at,
            s.last_activity, s.message_count, s.model, s.version, s.offset, s.skipped
        FROM session s JOIN project p ON p.dir = s.dir
        """

    private static func project(_ row: Row) -> ClaudeProject {
        ClaudeProject(
            id: UUID(uuidString: row["id"]) ?? UUID(), encodedPath: row["dir"], path: row["path"],
            isPathFromTranscripts: row["path_from_transcripts"], sessionCount: row["session_count"],
            lastActivity: (row["last_activity"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }

    private static func session(_ row: Row) -> ClaudeSessionSummary {
        ClaudeSessionSummary(
            claudeSessionId: row[0], projectID: UUID(uuidString: row[1]) ?? UUID(), encodedProjectPath: row[2],
            cwd: row[3], gitBranch: row[4], title: row[5], firstPrompt: row[6],
            createdAt: (row[7] as Double?).map(Date.init(timeIntervalSince1970:)),
            lastActivity: (row[8] as Double?).map(Date.init(timeIntervalSince1970:)), messageCount: row[9],
            model: row[10], version: row[11], indexedBytes: row[12], skippedLineCount: row[13])
    }

    private static func message(_ row: Row) -> TranscriptMessage {
        TranscriptMessage(
            index: row["idx"], role: TranscriptMessage.Role(rawValue: row["role"]) ?? .system,
            kind: TranscriptMessage.Kind(rawValue: row["kind"]) ?? .text, text: row["text"], toolName: row["tool_name"],
            toolUseId: row["tool_use_id"], toolInput: row["tool_input"], toolResult: row["tool_result"],
            isError: row["is_error"], timestamp: (row["timestamp"] as Double?).map(Date.init(timeIntervalSince1970:)),
            uuid: row["uuid"], model: row["model"], isTruncated: row["truncated"])
    }
}
