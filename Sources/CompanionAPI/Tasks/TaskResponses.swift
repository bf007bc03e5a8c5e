/// Body of `GET /v1/tasks`: every task, newest first, without steps.
public struct TaskListResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    public var tasks: [AgentTask]

    public init(ok: Bool = true, tasks: [AgentTask]) {
        self.ok = ok
        self.tasks = tasks
    }
}

/// Body of `POST /v1/tasks`, `GET /v1/tasks/{id}`, `POST /v1/tasks/{id}/start` and `…/cancel`: one task with steps.
public struct TaskResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    public var task: AgentTask

    public init(ok: Bool = true, task: AgentTask) {
        self.ok = ok
        self.task = task
    }
}

/// Body of `GET /v1/tasks/{id}/logs/tail`: lines after a cursor (or the last N), and the task's state.
///
/// `status` and `lines` come from one consistent read: when `status` is finished and `has_more` is false,
/// the log is complete.
public struct TaskLogTailResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    public var taskID: String
    public var status: TaskStatus
    public var exitCode: Int?
    public var lines: [TaskLogLine]
    /// Cursor to pass as `after` next time: the last line's cursor, or the `after` asked for when no line came.
    public var nextCursor: Int
    /// True when more lines follow (the answer was cut at its limit).
    public var hasMore: Bool

    public init(
        ok: Bool = true, taskID: String, status: TaskStatus, exitCode: Int?, lines: [TaskLogLine], nextCursor: Int,
        hasMore: Bool
    ) {
        self.ok = ok
        self.taskID = taskID
        self.status = status
        self.exitCode = exitCode
        self.lines = lines
        self.nextCursor = nextCursor
        self.hasMore = hasMore
    }

    private enum CodingKeys: String, CodingKey {
        case ok, status, lines
        case taskID = "task_id"
        case exitCode = "exit_code"
        case nextCursor = "next_cursor"
        case hasMore = "has_more"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ok, forKey: .ok)
        try container.encode(taskID, forKey: .taskID)
        try container.encode(status, forKey: .status)
        try container.encode(exitCode, forKey: .exitCode)
        try container.encode(lines, forKey: .lines)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(hasMore, forKey: .hasMore)
    }
}
