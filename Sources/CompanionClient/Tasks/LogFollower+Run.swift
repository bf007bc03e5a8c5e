import CompanionAPI
import Foundation

/// The follow loop: WebSocket sessions and polling rounds until the task ends.
extension LogFollower {
    /// How following ended.
    public struct End: Sendable, Equatable {
        public var status: TaskStatus
        public var exitCode: Int?

        public init(status: TaskStatus, exitCode: Int?) {
            self.status = status
            self.exitCode = exitCode
        }
    }

    /// Follows until the task ends. Throws ``CompanionClientError/noSuchTask(_:)`` for an unknown task,
    /// ``CompanionClientError/server(status:code:message:)`` with 401 when the sidecar stops trusting this client
    /// (also mid-stream, on a revocation), and ``CompanionClientError/network(_:url:)`` when the sidecar stays
    /// unreachable longer than the options allow.
    public func run() async throws -> End {
        var backoff = ReconnectBackoff(first: options.initialBackoff, maximum: options.maxBackoff)
        var nextWebSocketTry = ContinuousClock.now
        var unreachableSince: ContinuousClock.Instant?
        while true {
            try Task.checkCancellation()
            if options.transport != .poll && ContinuousClock.now >= nextWebSocketTry {
                let started = ContinuousClock.now
                switch await followWebSocket() {
                case .success(.ended(let status, let exitCode)):
                    return End(status: status, exitCode: exitCode)
                case .success(.noSuchTask):
                    throw CompanionClientError.noSuchTask(taskID)
                case .success(.unauthorized(let why)):
                    throw CompanionClientError.server(status: 401, code: "unauthorized", message: why)
                case .success(.dropped(let why)):
                    await report(.fallingBackToPolling("the WebSocket closed: \(why)"))
                case .failure(let error):
                    if options.transport == .websocket { throw error }
                    await report(.fallingBackToPolling("the WebSocket is unavailable: \(error)"))
                }
                // A session that lasted is a connection that worked.
                if ContinuousClock.now - started > .seconds(10) { backoff.reset() }
                nextWebSocketTry = ContinuousClock.now + backoff.next()
            }
            // Poll until it is time to try the WebSocket again (or forever, when polling only).
            repeat {
                do {
                    if let end = try await pollOnce() { return end }
                    unreachableSince = nil
                } catch let error as CompanionClientError {
                    guard case .network(let failure, _) = error else { throw error }
                    let why = failure.summary
                    let since = unreachableSince ?? ContinuousClock.now
                    if unreachableSince == nil { await report(.sidecarUnreachable(why)) }
                    unreachableSince = since
                    if ContinuousClock.now - since > options.giveUpAfter { throw error }
                    try await Task.sleep(for: options.pollInterval)
                }
            } while options.transport == .poll || ContinuousClock.now < nextWebSocketTry
        }
    }

    /// One WebSocket session from the current cursor.
    private func followWebSocket() async -> Result<TaskLogSocket.Outcome, any Error> {
        let socket = TaskLogSocket(client: client)
        let report = self.report
        do {
            let outcome = try await socket.follow(
                taskID: taskID, after: cursor, connectTimeout: options.connectTimeout,
                opened: { Task { await report(.webSocketOpened) } },
                receive: { lines in try await self.accept(lines) })
            return .success(outcome)
        } catch let error as CompanionClientError {
            if error.isNotFound { return .success(.noSuchTask) }
            return .failure(error)
        } catch {
            return .failure(error)
        }
    }

    /// Fetches what follows the cursor; the end when the task is over and every line is in; sleeps when idle.
    private func pollOnce() async throws -> End? {
        let answer = try await client.tail(id: taskID, after: cursor)
        try await accept(answer.lines)
        if answer.status.isFinished && !answer.hasMore {
            return End(status: answer.status, exitCode: answer.exitCode)
        }
        if !answer.hasMore { try await Task.sleep(for: options.pollInterval) }
        return nil
    }
}
