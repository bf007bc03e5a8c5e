import CompanionAPI
import CompanionClient

/// One element of a followed task log.
public enum TaskLogEvent: Sendable, Equatable {
    /// New lines, in cursor order, each exactly once.
    case lines([TaskLogLine])
    /// The transport changed (WebSocket opened, fell back to polling, sidecar unreachable).
    case transport(LogFollower.Event)
    /// The task ended and every line was delivered; the last element.
    case ended(LogFollower.End)
}

extension TaskClient {
    /// Follows task `taskID`'s log after `cursor` to its end, as an asynchronous sequence: WebSocket first,
    /// polling while it is unavailable, no line lost or repeated across switches (see `LogFollower` in CompanionClient).
    ///
    /// The sequence ends after ``TaskLogEvent/ended(_:)``, or throws a ``CompanionError`` (unknown task,
    /// revoked device, sidecar unreachable too long). Stopping the iteration stops following.
    public func followLog(
        taskID: String, after cursor: Int = 0, options: LogFollower.Options = LogFollower.Options()
    ) -> AsyncThrowingStream<TaskLogEvent, any Error> {
        let client = self
        return AsyncThrowingStream { continuation in
            let follower = LogFollower(
                client: client, taskID: taskID, after: cursor, options: options,
                deliver: { lines in continuation.yield(.lines(lines)) },
                report: { event in continuation.yield(.transport(event)) })
            let task = Task {
                do {
                    let end = try await follower.run()
                    continuation.yield(.ended(end))
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: TaskAccess.failure(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
