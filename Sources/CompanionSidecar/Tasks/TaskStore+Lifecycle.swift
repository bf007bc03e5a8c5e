import CompanionAPI
import Foundation
import GRDB

/// State changes of a task as it runs.
extension TaskStore {
    /// Outcome of asking to start a task.
    package enum StartOutcome: Sendable {
        case started(AgentTask)
        case notFound
        case notQueued(TaskStatus)
    }

    /// Moves a queued task to running, atomically: of two concurrent starts exactly one wins.
    package func markStarted(id: String, now: Date = Date()) async throws -> StartOutcome {
        try await writer.write { db in
            guard let task = try Self.task(id: id, in: db) else { return .notFound }
            guard task.status == .queued else { return .notQueued(task.status) }
            try db.execute(
                sql: "UPDATE tasks SET status = ?, started_at = ? WHERE id = ?",
                arguments: [TaskStatus.running.rawValue, TaskRowCoding.millis(now), id])
            return .started(try Self.task(id: id, in: db) ?? task)
        }
    }

    /// Records a step's new state; `exitCode` and `finishedAt` are set when the step ends.
    package func updateStep(
        taskID: String, name: String, status: TaskStatus, exitCode: Int? = nil, now: Date = Date()
    ) async throws {
        let time = TaskRowCoding.millis(now)
        try await writer.write { db in
            if status == .running {
                try db.execute(
                    sql: "UPDATE task_steps SET status = ?, started_at = ? WHERE task_id = ? AND name = ?",
                    arguments: [status.rawValue, time, taskID, name])
            } else {
                try db.execute(
                    sql: """
                        UPDATE task_steps SET status = ?, finished_at = ?, exit_code = ?
                        WHERE task_id = ? AND name = ?
                        """,
                    arguments: [status.rawValue, time, exitCode, taskID, name])
            }
        }
    }

    /// Records the process group of the running step (nil when none runs), for recovery after a crash.
    package func setProcessID(taskID: String, _ processID: Int32?) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE tasks SET process_id = ? WHERE id = ?", arguments: [processID.map { Int($0) }, taskID])
        }
    }

    /// Ends a task: its final status, exit code and reason; steps that never ran become cancelled.
    @discardableResult
    package func finish(
        taskID: String, status: TaskStatus, exitCode: Int?, reason: String?, now: Date = Date()
    ) async throws -> AgentTask? {
        try await writer.write { db in
            try Self.finish(db, taskID: taskID, status: status, exitCode: exitCode, reason: reason, now: now)
            return try Self.task(id: taskID, in: db)
        }
    }

    static func finish(
        _ db: Database, taskID: String, status: TaskStatus, exitCode: Int?, reason: String?, now: Date
    ) throws {
        let time = TaskRowCoding.millis(now)
        try db.execute(
            sql: """
                UPDATE tasks SET status = ?, finished_at = ?, exit_code = ?, failure_reason = ?, process_id = NULL
                WHERE id = ?
                """,
            arguments: [status.rawValue, time, exitCode, reason, taskID])
        try db.execute(
            sql: "UPDATE task_steps SET status = ?, finished_at = ? WHERE task_id = ? AND status = ?",
            arguments: [status.rawValue, time, taskID, TaskStatus.running.rawValue])
        try db.execute(
            sql: "UPDATE task_steps SET status = ? WHERE task_id = ? AND status = ?",
            arguments: [TaskStatus.cancelled.rawValue, taskID, TaskStatus.queued.rawValue])
    }

    /// A task that was running when the sidecar stopped.
    package struct InterruptedTask: Sendable, Equatable {
        package var id: String
        /// Process group the task was running, if it had one.
        package var processID: Int32?
    }

    /// Marks every task still `running` as failed with `reason` and a system log line (restart recovery).
    package func failInterrupted(reason: String, now: Date = Date()) async throws -> [InterruptedTask] {
        try await writer.write { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, process_id FROM tasks WHERE status = ?",
                arguments: [TaskStatus.running.rawValue])
            let interrupted = rows.map { row in
                InterruptedTask(id: row["id"], processID: (row["process_id"] as Int?).map { Int32($0) })
            }
            for task in interrupted {
                _ = try Self.appendLines(db, taskID: task.id, [(.system, now, reason)])
                try Self.finish(db, taskID: task.id, status: .failed, exitCode: nil, reason: reason, now: now)
            }
            return interrupted
        }
    }
}
