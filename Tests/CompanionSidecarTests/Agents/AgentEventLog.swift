import CompanionAPI
import CompanionClient
import CompanionTestSupport
import Foundation

/// Every event one `/ws` connection received, in order, and waits for the one a test expects (woken by each
/// arrival; the deadline only turns a hang into a failure).
actor AgentEventLog {
    struct Timeout: Error, CustomStringConvertible {
        let what: String
        let seen: [String]
        /// How the connection ended, when it had (nil: still open).
        let outcome: AgentEventSocket.Outcome?
        var description: String {
            "no \(what) within the deadline; seen: \(seen.suffix(30).joined(separator: ", ")); connection: "
                + (outcome.map { "\($0)" } ?? "open")
        }
    }

    private(set) var events: [AgentEventMessage] = []
    private(set) var outcome: AgentEventSocket.Outcome?
    private var waiters:
        [UInt64: (
            predicate: @Sendable (AgentEventMessage) -> Bool,
            continuation: CheckedContinuation<AgentEventMessage, any Error>
        )] = [:]
    private var nextWaiter: UInt64 = 0
    private var task: Task<Void, Never>?
    /// Messages to send on the open connection (``send(_:)``).
    private let outgoing = AsyncStream<AgentClientMessage>.makeStream()

    /// Connects (resuming after `after` of the sidecar run `epoch`, else from a snapshot), subscribing to the
    /// terminals of `terminals`.
    static func connect(
        _ socket: AgentEventSocket, after: Int? = nil, epoch: String? = nil, terminals: [String] = [],
        then more: [AgentClientMessage] = []
    ) -> AgentEventLog {
        let log = AgentEventLog()
        Task { await log.start(socket, after: after, epoch: epoch, terminals: terminals, more: more) }
        return log
    }

    /// Sends `message` on the open connection.
    nonisolated func send(_ message: AgentClientMessage) {
        outgoing.continuation.yield(message)
    }

    private func start(
        _ socket: AgentEventSocket, after: Int?, epoch: String?, terminals: [String], more: [AgentClientMessage]
    ) {
        let stream = outgoing.stream
        task = Task {
            let messages = terminals.map { AgentClientMessage(type: "subscribe_terminal", sessionId: $0) } + more
            let outcome: AgentEventSocket.Outcome
            do {
                outcome = try await socket.run(after: after, epoch: epoch, messages: messages, outgoing: stream) {
                    event in
                    await self.append(event)
                    return []
                }
            } catch {
                outcome = .dropped("failed: \(error)")
            }
            self.ended(outcome)
        }
    }

    /// Closes the connection.
    func stop() {
        task?.cancel()
    }

    private var endWaiters: [CheckedContinuation<AgentEventSocket.Outcome, Never>] = []

    private func ended(_ outcome: AgentEventSocket.Outcome) {
        self.outcome = outcome
        for waiter in endWaiters { waiter.resume(returning: outcome) }
        endWaiters = []
    }

    /// How the connection ended, once it has (the deadline only turns a hang into a failure).
    func ended(timeout: Duration) async throws -> AgentEventSocket.Outcome {
        if let outcome { return outcome }
        let deadline = Task {
            try await Task.sleep(for: timeout)
            self.ended(.dropped("the test's deadline passed"))
        }
        defer { deadline.cancel() }
        return await withCheckedContinuation { endWaiters.append($0) }
    }

    private func append(_ event: AgentEventMessage) {
        events.append(event)
        for (id, waiter) in waiters where waiter.predicate(event) {
            waiters[id] = nil
            waiter.continuation.resume(returning: event)
        }
    }

    /// The first event (already received or still to come) for which `predicate` holds.
    func first(
        _ what: String, timeout: Duration = TestDeadline.duration,
        where predicate: @escaping @Sendable (AgentEventMessage) -> Bool
    ) async throws -> AgentEventMessage {
        try await next(after: 0, what, timeout: timeout, where: predicate)
    }

    /// The first event after the first `count` received for which `predicate` holds.
    func next(
        after count: Int, _ what: String, timeout: Duration = TestDeadline.duration,
        where predicate: @escaping @Sendable (AgentEventMessage) -> Bool
    ) async throws -> AgentEventMessage {
        if let event = events.dropFirst(count).first(where: predicate) { return event }
        nextWaiter += 1
        let id = nextWaiter
        let deadline = Task {
            try await Task.sleep(for: timeout)
            self.expire(id, what: what)
        }
        defer { deadline.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            waiters[id] = (predicate, continuation)
        }
    }

    private func expire(_ id: UInt64, what: String) {
        guard let waiter = waiters.removeValue(forKey: id) else { return }
        waiter.continuation.resume(throwing: Timeout(what: what, seen: events.map(Self.describe), outcome: outcome))
    }

    static func describe(_ event: AgentEventMessage) -> String {
        "\(event.seq ?? 0):\(event.type)/\(event.session?.state ?? "")\(event.session?.attention.map { "!" + $0.kind } ?? "")"
    }
}

extension AgentEventMessage {
    /// True for a `terminal_output` of `id` whose lines contain `text`.
    func terminal(_ id: String, contains text: String) -> Bool {
        type == "terminal_output" && sessionId == id && (lines ?? []).contains { $0.contains(text) }
    }

    /// True for a `session_update` of `id` in `state`.
    func update(_ id: String, state: String) -> Bool {
        type == "session_update" && session?.id == id && session?.state == state
    }
}
