import CompanionAPI
import Foundation
import GRDB

/// Conversions between database rows and the API's task models. Times are stored as milliseconds since 1970.
enum TaskRowCoding {
    static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    static func date(_ millis: Int64?) -> Date? {
        millis.map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }

    static func task(_ row: Row, steps: [TaskStep]?) -> AgentTask {
        AgentTask(
            id: row["id"], title: row["title"], description: row["description"], repoURL: row["repo_url"],
            status: TaskStatus(rawValue: row["status"]) ?? .failed,
            createdAt: date(row["created_at"]) ?? Date(timeIntervalSince1970: 0),
            startedAt: date(row["started_at"]), finishedAt: date(row["finished_at"]), exitCode: row["exit_code"],
            failureReason: row["failure_reason"], steps: steps, pr: row["pr"])
    }

    static func step(_ row: Row) -> TaskStep {
        TaskStep(
            name: row["name"], status: TaskStatus(rawValue: row["status"]) ?? .failed,
            startedAt: date(row["started_at"]), finishedAt: date(row["finished_at"]), exitCode: row["exit_code"])
    }

    static func line(_ row: Row) -> TaskLogLine {
        TaskLogLine(
            cursor: row["cursor"], stream: TaskLogStream(rawValue: row["stream"]) ?? .system,
            timestamp: date(row["timestamp"]) ?? Date(timeIntervalSince1970: 0), text: row["text"])
    }
}
