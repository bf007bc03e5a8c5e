import GRDB

/// The `GET /v1/tasks` body built by SQLite itself (`json_object`, `strftime`): the same JSON as encoding
/// ``TaskListResponse`` with `CompanionJSON` (sorted keys, `yyyy-MM-ddTHH:mm:ss.SSSZ` timestamps), without a
/// model and a `Date` per task in Swift, so ten thousand tasks answer in milliseconds.
enum TaskListJSON {
    /// A stored millisecond time as the API's timestamp text, or NULL.
    private static func timestamp(_ column: String) -> String {
        "strftime('%Y-%m-%dT%H:%M:%fZ', \(column) / 1000.0, 'unixepoch')"
    }

    /// The fields of a task in sorted order; `pr` (between `id` and `repo_url`) only when `withPR`, as
    /// ``AgentTask`` encodes it only when present.
    private static func object(withPR: Bool) -> String {
        """
        json_object(
            'created_at', \(timestamp("created_at")), 'description', description, 'exit_code', exit_code,
            'failure_reason', failure_reason, 'finished_at', \(timestamp("finished_at")), 'id', id,
            \(withPR ? "'pr', pr," : "") 'repo_url', repo_url, 'started_at', \(timestamp("started_at")), 'status', status, 'title', title
        )
        """
    }

    static let sql = """
        SELECT '{"ok":true,"tasks":[' || COALESCE(group_concat(item, ','), '') || ']}' FROM (
            SELECT CASE WHEN pr IS NULL THEN \(object(withPR: false)) ELSE \(object(withPR: true)) END AS item
            FROM tasks ORDER BY created_at DESC, rowid DESC LIMIT ?
        )
        """

    static func encode(_ db: Database, limit: Int?) throws -> [UInt8] {
        let text = try String.fetchOne(db.cachedStatement(sql: sql), arguments: [limit ?? -1]) ?? ""
        return Array(text.utf8)
    }
}
