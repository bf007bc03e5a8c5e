import CompanionAPI
import Foundation
import Synchronization

/// A bound on the WebSocket upgrade: swift-websocket waits forever when a server (or a proxy) closes the
/// connection before answering the upgrade, so a session that has not opened in time is abandoned.
extension TaskLogSocket {
    /// Like ``follow(taskID:after:opened:receive:)``, but fails with ``CompanionClientError/network(_:url:)`` (timed out) when the
    /// upgrade has not completed within `connectTimeout`. An abandoned session never delivers a line.
    public func follow(
        taskID: String, after cursor: Int, connectTimeout: Duration, opened: @escaping @Sendable () -> Void = {},
        receive: @escaping @Sendable ([TaskLogLine]) async throws -> Void
    ) async throws -> Outcome {
        let race = ConnectRace()
        return try await withCheckedThrowingContinuation { continuation in
            race.begin(continuation)
            let session = Task {
                do {
                    let outcome = try await follow(
                        taskID: taskID, after: cursor,
                        opened: {
                            if race.markOpened() { opened() }
                        },
                        receive: { lines in
                            guard race.isLive else { throw CancellationError() }
                            try await receive(lines)
                        })
                    race.finish(.success(outcome))
                } catch {
                    race.finish(.failure(error))
                }
            }
            Task {
                try? await Task.sleep(for: connectTimeout)
                if race.abandonIfNotOpened() { session.cancel() }
            }
        }
    }
}

/// Who ends a WebSocket attempt first: the session itself, or the connect timeout.
private final class ConnectRace: Sendable {
    private struct State {
        var continuation: CheckedContinuation<TaskLogSocket.Outcome, any Error>?
        var opened = false
        var abandoned = false
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<TaskLogSocket.Outcome, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    /// Records the upgrade; false when the attempt was already abandoned.
    func markOpened() -> Bool {
        state.withLock { state in
            if !state.abandoned { state.opened = true }
            return !state.abandoned
        }
    }

    /// True while the session's lines may be delivered.
    var isLive: Bool { state.withLock { !$0.abandoned } }

    /// Gives up on a session that has not opened; true when it was abandoned now.
    func abandonIfNotOpened() -> Bool {
        let continuation: CheckedContinuation<TaskLogSocket.Outcome, any Error>? = state.withLock { state in
            guard !state.opened, !state.abandoned, let continuation = state.continuation else { return nil }
            state.abandoned = true
            state.continuation = nil
            return continuation
        }
        continuation?.resume(throwing: CompanionClientError.network(.timedOut, url: "the log WebSocket"))
        return continuation != nil
    }

    func finish(_ result: Result<TaskLogSocket.Outcome, any Error>) {
        let continuation = state.withLock { state in
            defer { state.continuation = nil }
            return state.continuation
        }
        continuation?.resume(with: result)
    }
}
