import CompanionAPI

/// How a followed task log gets its lines.
public enum TaskLogTransport: String, Sendable, CaseIterable {
    /// The WebSocket first, polling while it is unavailable.
    case auto
    /// The WebSocket only (fails when it cannot open).
    case websocket
    /// Tail polling only.
    case poll
}

/// A change of the way a followed task log arrives, for a person watching.
public enum TaskLogTransportChange: Sendable, Equatable {
    /// The WebSocket opened.
    case webSocketOpened
    /// The WebSocket could not open or dropped (why): the log is polled meanwhile.
    case fallingBackToPolling(String)
    /// The sidecar cannot be reached (why); following retries.
    case sidecarUnreachable(String)
}

/// How a followed task ended.
public struct TaskLogEnd: Sendable, Equatable {
    /// The task's final status.
    public var status: TaskStatus
    /// The exit status of its command, when it ran to an end.
    public var exitCode: Int?

    /// The end of a task that finished with `status` (and `exitCode`).
    public init(status: TaskStatus, exitCode: Int?) {
        self.status = status
        self.exitCode = exitCode
    }
}

/// How to follow a task log.
public struct TaskLogFollowOptions: Sendable {
    /// WebSocket, polling, or the WebSocket with polling as the fallback (the default).
    public var transport: TaskLogTransport = .auto
    /// Time between two polls while nothing new came (at most 1 s).
    public var pollInterval: Duration = .milliseconds(500)

    /// The defaults: the WebSocket with polling as the fallback, a poll every half second.
    public init() {}
}
