import Foundation
import GRDB

/// A transcript's row in the index: where the tail stopped, how the file looked then, and its session facts.
struct StoredTranscript {
    var rowid: Int64
    var inode: UInt64 = 0
    var size: Int64 = 0
    var mtimeNanoseconds: Int64 = 0
    var head: [UInt8] = []
    var offset: Int64 = 0
    var skipped = 0
    var facts = TranscriptFacts()

    static func fetch(_ db: Database, dir: String, sessionId: String) throws -> StoredTranscript? {
        try Row.fetchOne(
            db, sql: "SELECT * FROM session WHERE dir = ? AND session_id = ?", arguments: [dir, sessionId]
        )
        .map(StoredTranscript.init(row:))
    }

    init(rowid: Int64) { self.rowid = rowid }

    init(row: Row) {
        rowid = row["rowid"]
        inode = UInt64(bitPattern: row["inode"] as Int64)
        size = row["size"]
        mtimeNanoseconds = row["mtime_ns"]
        head = [UInt8]((row["head"] as Data?) ?? Data())
        offset = row["offset"]
        skipped = row["skipped"]
        facts = Self.facts(row)
    }

    static func facts(_ row: Row) -> TranscriptFacts {
        var facts = TranscriptFacts()
        facts.cwd = row["cwd"]
        facts.gitBranch = row["git_branch"]
        facts.version = row["version"]
        facts.model = row["model"]
        facts.createdAt = (row["created_at"] as Double?).map(Date.init(timeIntervalSince1970:))
        facts.lastActivity = (row["last_activity"] as Double?).map(Date.init(timeIntervalSince1970:))
        facts.messageCount = row["message_count"]
        facts.customTitle = row["custom_title"]
        facts.aiTitle = row["ai_title"]
        facts.summary = row["summary"]
        facts.firstPrompt = row["first_prompt"]
        return facts
    }

    func save(_ db: Database) throws {
        try db.execute(
            sql: """
                UPDATE session SET inode = ?, size = ?, mtime_ns = ?, head = ?, offset = ?, skipped = ?, cwd = ?,
                    git_branch = ?, version = ?, model = ?, created_at = ?, last_activity = ?, message_count = ?,
                    custom_title = ?, ai_title = ?, summary = ?, first_prompt = ?, title = ?, prompt_title = ?
                WHERE rowid = ?
                """,
            arguments: [
                Int64(bitPattern: inode), size, mtimeNanoseconds, Data(head), offset, skipped, facts.cwd,
                facts.gitBranch, facts.version, facts.model, facts.createdAt?.timeIntervalSince1970,
                facts.lastActivity?.timeIntervalSince1970, facts.messageCount, facts.customTitle, facts.aiTitle,
                facts.summary, facts.firstPrompt, facts.title, facts.firstPrompt.flatMap { TextBounds.title($0) },
                rowid,
            ])
    }
}
