/// A text message on `WS /v1/tasks/{id}/logs`, JSON.
///
/// - `{"type":"lines","lines":[…]}`: log lines in cursor order (the backlog first, then live lines);
/// - `{"type":"end","status":"succeeded","exit_code":0}`: the task finished and every line has been sent;
///   the sidecar then closes the socket normally (1000).
///
/// An unknown task is answered with close code 1008 (policy violation) and no message.
///
/// A client may send `{"type":"ready"}` right after opening; the sidecar starts sending then (otherwise after
/// 250 ms). Anything else a client sends is ignored.
public struct TaskLogMessage: Codable, Sendable, Equatable {
    /// Close code of a stream whose client is no longer authorised (its device was revoked while following);
    /// from the private-use range, so it is never confused with 1008 (no such task).
    public static let unauthorizedCloseCode: UInt16 = 4401

    /// The message kinds.
    public enum Kind: String, Codable, Sendable {
        case lines
        case end
        /// Sent by the client once it is reading.
        case ready
    }

    /// WebSocket close code for "no such task".
    public static let noSuchTaskCloseCode = 1008

    public var type: Kind
    public var lines: [TaskLogLine]?
    public var status: TaskStatus?
    public var exitCode: Int?

    public init(type: Kind, lines: [TaskLogLine]? = nil, status: TaskStatus? = nil, exitCode: Int? = nil) {
        self.type = type
        self.lines = lines
        self.status = status
        self.exitCode = exitCode
    }

    /// A batch of lines.
    public static func lines(_ lines: [TaskLogLine]) -> TaskLogMessage { .init(type: .lines, lines: lines) }

    /// The client's "I am reading" message.
    public static let ready = TaskLogMessage(type: .ready)

    /// The end of the log.
    public static func end(status: TaskStatus, exitCode: Int?) -> TaskLogMessage {
        .init(type: .end, status: status, exitCode: exitCode)
    }

    private enum CodingKeys: String, CodingKey {
        case type, lines, status
        case exitCode = "exit_code"
    }
}
