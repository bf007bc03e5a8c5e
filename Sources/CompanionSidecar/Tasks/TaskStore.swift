import CompanionAPI
import Foundation
import GRDB

/// Persistence of tasks, their steps and their logs in the sidecar's SQLite database.
///
/// The store takes any GRDB `DatabaseWriter` (the registry's pool, or a queue in tests); the registry calls
/// ``registerMigrations(in:)`` so the task tables migrate with the rest of the schema.
package struct TaskStore: Sendable {
    let writer: any DatabaseWriter

    /// Wraps a migrated database (see ``registerMigrations(in:)``).
    package init(writer: any DatabaseWriter) {
        self.writer = writer
    }

    /// Registers the task tables' migrations: `tasks`, `task_steps` and `task_logs` (cursor per task).
    package static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("tasks-v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE tasks (
                        id TEXT PRIMARY KEY NOT NULL,
                        title TEXT NOT NULL,
                        description TEXT NOT NULL,
                        repo_url TEXT,
                        status TEXT NOT NULL,
                        created_at INTEGER NOT NULL,
                        started_at INTEGER,
                        finished_at INTEGER,
                        exit_code INTEGER,
                        failure_reason TEXT,
                        process_id INTEGER
                    );
                    CREATE INDEX tasks_by_creation ON tasks(created_at);
                    CREATE INDEX tasks_by_status ON tasks(status);
                    CREATE TABLE task_steps (
                        task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        status TEXT NOT NULL,
                        started_at INTEGER,
                        finished_at INTEGER,
                        exit_code INTEGER,
                        PRIMARY KEY (task_id, position)
                    ) WITHOUT ROWID;
                    CREATE TABLE task_logs (
                        task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                        cursor INTEGER NOT NULL,
                        stream TEXT NOT NULL,
                        timestamp INTEGER NOT NULL,
                        text TEXT NOT NULL,
                        PRIMARY KEY (task_id, cursor)
                    ) WITHOUT ROWID;
                    """)
        }
        // A pull request review (docs/tasks.md): the number, NULL for other tasks.
        migrator.registerMigration("tasks-v2-pr") { db in
            try db.execute(sql: "ALTER TABLE tasks ADD COLUMN pr INTEGER")
        }
    }

    /// Creates a queued task with its planned steps (`clone` when there is a `repo_url`, then `run`; for a pull
    /// request review `clone`, `checkout`, `review`).
    package func create(_ request: CreateTaskRequest, now: Date = Date()) async throws -> AgentTask {
        let id = TaskID.generate()
        let created = Timestamp.truncated(now)
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO tasks (id, title, description, repo_url, pr, status, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    id, request.title, request.description, request.repoURL, request.pr, TaskStatus.queued.rawValue,
                    TaskRowCoding.millis(created),
                ])
            let names =
                request.pr != nil
                ? [TaskStepName.clone, TaskStepName.checkout, TaskStepName.review]
                : (request.repoURL == nil ? [] : [TaskStepName.clone]) + [TaskStepName.run]
            for (position, name) in names.enumerated() {
                try db.execute(
                    sql: "INSERT INTO task_steps (task_id, position, name, status) VALUES (?, ?, ?, ?)",
                    arguments: [id, position, name, TaskStatus.queued.rawValue])
            }
        }
        guard let task = try await task(id: id) else { throw TaskStoreError.vanished(id) }
        return task
    }

    /// The task with its steps, or nil when there is none with this id.
    package func task(id: String) async throws -> AgentTask? {
        try await writer.read { db in try Self.task(id: id, in: db) }
    }

    /// Every task, newest first, without steps; `limit` keeps only the newest ones.
    package func list(limit: Int? = nil) async throws -> [AgentTask] {
        try await writer.read { db in
            let rows = try Row.fetchCursor(
                db,
                sql: "SELECT * FROM tasks ORDER BY created_at DESC, rowid DESC LIMIT ?",
                arguments: [limit ?? -1])
            var tasks: [AgentTask] = []
            while let row = try rows.next() { tasks.append(TaskRowCoding.task(row, steps: nil)) }
            return tasks
        }
    }

    /// The `GET /v1/tasks` body (``TaskListResponse`` JSON), written straight from the rows.
    package func listJSON(limit: Int? = nil) async throws -> [UInt8] {
        try await writer.read { db in try TaskListJSON.encode(db, limit: limit) }
    }

    /// Reads one task and its steps inside an open database access.
    static func task(id: String, in db: Database) throws -> AgentTask? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM tasks WHERE id = ?", arguments: [id]) else {
            return nil
        }
        let steps = try Row.fetchAll(
            db, sql: "SELECT * FROM task_steps WHERE task_id = ? ORDER BY position", arguments: [id]
        ).map(TaskRowCoding.step)
        return TaskRowCoding.task(row, steps: steps)
    }
}

/// Failures of the task store that are not database errors.
package enum TaskStoreError: Error, CustomStringConvertible {
    case vanished(String)

    package var description: String {
        switch self {
        case .vanished(let id): "task \(id) disappeared from the database"
        }
    }
}

/// The names of a task's steps.
enum TaskStepName {
    static let clone = "clone"
    static let run = "run"
    /// A review's fetch and checkout of the pull request's head, and the diff against the default branch.
    static let checkout = "checkout"
    /// A review's review command.
    static let review = "review"
}
