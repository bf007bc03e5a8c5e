import CompanionAPI
import Foundation
import GRDB

/// The task log: append-only lines numbered from 1 per task.
extension TaskStore {
    /// A line as read from a task, before it has a cursor.
    package typealias PendingLine = (stream: TaskLogStream, timestamp: Date, text: String)

    /// Largest number of lines one tail answer carries.
    package static let maxTailLines = 1000

    /// Appends lines in one transaction and returns them with their cursors.
    package func append(taskID: String, _ lines: [PendingLine]) async throws -> [TaskLogLine] {
        guard !lines.isEmpty else { return [] }
        return try await writer.write { db in try Self.appendLines(db, taskID: taskID, lines) }
    }

    static func appendLines(_ db: Database, taskID: String, _ lines: [PendingLine]) throws -> [TaskLogLine] {
        let last =
            try Int.fetchOne(
                db, sql: "SELECT MAX(cursor) FROM task_logs WHERE task_id = ?", arguments: [taskID]) ?? 0
        let statement = try db.cachedStatement(
            sql: "INSERT INTO task_logs (task_id, cursor, stream, timestamp, text) VALUES (?, ?, ?, ?, ?)")
        var stored: [TaskLogLine] = []
        stored.reserveCapacity(lines.count)
        for (offset, line) in lines.enumerated() {
            let timestamp = Timestamp.truncated(line.timestamp)
            let entry = TaskLogLine(
                cursor: last + offset + 1, stream: line.stream, timestamp: timestamp, text: line.text)
            try statement.execute(arguments: [
                taskID, entry.cursor, entry.stream.rawValue, TaskRowCoding.millis(timestamp), entry.text,
            ])
            stored.append(entry)
        }
        return stored
    }

    /// Which lines a tail asks for: those after a cursor, or the last N.
    package enum TailRequest: Sendable, Equatable {
        case after(Int)
        case last(Int)
    }

    /// Lines and task state from one consistent read; nil when the task does not exist.
    package func tail(taskID: String, _ request: TailRequest, limit: Int = maxTailLines) async throws
        -> TaskLogTailResponse?
    {
        try await writer.read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT status, exit_code FROM tasks WHERE id = ?", arguments: [taskID])
            else { return nil }
            let status = TaskStatus(rawValue: row["status"]) ?? .failed
            let capped = max(0, min(limit, Self.maxTailLines))
            var lines: [TaskLogLine]
            var hasMore = false
            switch request {
            case .after(let cursor):
                lines = try Row.fetchAll(
                    db,
                    sql: "SELECT * FROM task_logs WHERE task_id = ? AND cursor > ? ORDER BY cursor LIMIT ?",
                    arguments: [taskID, cursor, capped + 1]
                ).map(TaskRowCoding.line)
                if lines.count > capped {
                    hasMore = true
                    lines.removeLast()
                }
            case .last(let count):
                lines = try Row.fetchAll(
                    db,
                    sql: "SELECT * FROM task_logs WHERE task_id = ? ORDER BY cursor DESC LIMIT ?",
                    arguments: [taskID, min(max(0, count), capped)]
                ).map(TaskRowCoding.line).reversed()
            }
            let start: Int
            if case .after(let cursor) = request {
                start = cursor
            } else {
                start =
                    try Int.fetchOne(
                        db, sql: "SELECT MAX(cursor) FROM task_logs WHERE task_id = ?", arguments: [taskID]) ?? 0
            }
            return TaskLogTailResponse(
                taskID: taskID, status: status, exitCode: row["exit_code"], lines: lines,
                nextCursor: lines.last?.cursor ?? start, hasMore: hasMore)
        }
    }
}
