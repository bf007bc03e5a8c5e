import CompanionAPI
import CompanionClient

/// One element of a followed task log.
public enum TaskLogEvent: Sendable, Equatable {
    /// New lines, in cursor order, each exactly once.
    case lines([TaskLogLine])
    /// The transport changed (WebSocket opened, fell back to polling, sidecar unreachable).
    case transport(TaskLogTransportChange)
    /// The task ended and every line was delivered; the last element.
    case ended(TaskLogEnd)
}

extension WorkstationTasks {
    /// Follows task `taskID`'s log after `cursor` to its end, as an asynchronous sequence: WebSocket first,
    /// polling while it is unavailable, no line lost or repeated across switches (see `LogFollower` in CompanionClient).
    ///
    /// The sequence ends after ``TaskLogEvent/ended(_:)``, or throws a ``CompanionError`` (unknown task,
    /// revoked device, sidecar unreachable too long). Stopping the iteration stops following.
    public func followLog(
        taskID: String, after cursor: Int = 0, options: TaskLogFollowOptions = TaskLogFollowOptions()
    ) -> AsyncThrowingStream<TaskLogEvent, any Error> {
        var following = LogFollower.Options()
        following.transport = LogFollower.Transport(rawValue: options.transport.rawValue) ?? .auto
        following.pollInterval = options.pollInterval
        let client = client
        return AsyncThrowingStream { continuation in
            let follower = LogFollower(
                client: client, taskID: taskID, after: cursor, options: following,
                deliver: { lines in continuation.yield(.lines(lines)) },
                report: { event in continuation.yield(.transport(Self.change(event))) })
            let task = Task {
                do {
                    let end = try await follower.run()
                    continuation.yield(.ended(TaskLogEnd(status: end.status, exitCode: end.exitCode)))
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

    private static func change(_ event: LogFollower.Event) -> TaskLogTransportChange {
        switch event {
        case .webSocketOpened: .webSocketOpened
        case .fallingBackToPolling(let why): .fallingBackToPolling(why)
        case .sidecarUnreachable(let why): .sidecarUnreachable(why)
        }
    }
}
