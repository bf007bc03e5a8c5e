import Foundation

/// Where a log line came from: the task's standard output, its standard error, or the sidecar itself
/// (step transitions, failures).
public enum TaskLogStream: String, Codable, Sendable {
    case stdout
    case stderr
    case system
}

/// One line of a task's log.
///
/// `cursor` numbers the task's lines from 1 without gaps; ask for the lines after the last cursor you
/// have (`?after=` on the tail endpoint and on the WebSocket) to resume without losing or repeating one.
public struct TaskLogLine: Codable, Sendable, Equatable {
    public var cursor: Int
    public var stream: TaskLogStream
    /// When the sidecar read the line from the task.
    public var timestamp: Date
    public var text: String

    public init(cursor: Int, stream: TaskLogStream, timestamp: Date, text: String) {
        self.cursor = cursor
        self.stream = stream
        self.timestamp = timestamp
        self.text = text
    }
}
