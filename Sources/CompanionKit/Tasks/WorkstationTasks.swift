import CompanionAPI
import CompanionClient

/// The sidecar's task endpoints as this companion reaches them (``TaskAccess/tasks(url:apiKey:store:timeout:)``):
/// list, read, create, start and cancel tasks, read and follow their logs. Every call throws a ``CompanionError``
/// carrying the task endpoints' advice (``TaskAccess/failure(_:)``).
public struct WorkstationTasks: Sendable {
    let client: TaskClient

    /// Every task, newest first (`limit` keeps the newest only).
    public func list(limit: Int? = nil) async throws(CompanionError) -> [AgentTask] {
        try await call { client throws(CompanionClientError) in try await client.list(limit: limit) }
    }

    /// One task with its steps.
    public func task(id: String) async throws(CompanionError) -> AgentTask {
        try await call { client throws(CompanionClientError) in try await client.task(id: id) }
    }

    /// Creates a queued task.
    public func create(_ request: CreateTaskRequest) async throws(CompanionError) -> AgentTask {
        try await call { client throws(CompanionClientError) in try await client.create(request) }
    }

    /// Starts a queued task.
    public func start(id: String) async throws(CompanionError) -> AgentTask {
        try await call { client throws(CompanionClientError) in try await client.start(id: id) }
    }

    /// Cancels a queued or running task; answers once the task has ended.
    public func cancel(id: String) async throws(CompanionError) -> AgentTask {
        try await call { client throws(CompanionClientError) in try await client.cancel(id: id) }
    }

    /// The last `lines` lines of task `id`'s log, with the cursor to follow it from.
    public func tail(id: String, lines: Int) async throws(CompanionError) -> TaskLogTailResponse {
        try await call { client throws(CompanionClientError) in try await client.tail(id: id, lines: lines) }
    }

    private func call<T>(_ body: (TaskClient) async throws(CompanionClientError) -> T) async throws(CompanionError)
        -> T
    {
        do { return try await body(client) } catch { throw TaskAccess.failure(error) }
    }
}
