import CompanionAPI
import CompanionClient

/// What to do after an event of ``WorkstationAgents/followEvents(subscribing:_:)``.
public enum AgentEventDecision: Sendable, Equatable {
    /// Go on receiving events.
    case keepFollowing
    /// Close the connection and return.
    case stop
}

extension WorkstationAgents {
    /// Follows the sidecar's `/ws` event stream, handing every event to `receive` in order until it answers
    /// ``AgentEventDecision/stop``; `messages` (a `subscribe_terminal`, say) are sent on every connection.
    ///
    /// A dropped connection is resumed after the last event received (of the same sidecar run), so nothing is
    /// missed; a broken one is retried with backoff up to 5 s and given up after 2 minutes unreachable, but a
    /// sidecar that cannot be reached at the start is an error at once. Throws a ``CompanionError``: with the
    /// advice of ``AgentAccess/failure(_:)``, or ``AgentAccess/unauthorized(_:)`` when the sidecar closes the stream
    /// because this device is no longer trusted.
    public func followEvents(
        subscribing messages: [AgentClientMessage] = [],
        _ receive: @escaping @Sendable (AgentEventMessage) async -> AgentEventDecision
    ) async throws {
        let socket = AgentEventSocket(transport: client.transport)
        let outcome: AgentEventSocket.Outcome
        do {
            outcome = try await socket.follow(cursor: AgentEventCursor(), messages: messages) { event in
                if await receive(event) == .stop { throw AgentEventSocket.Stop() }
                return []
            }
        } catch let error as CompanionClientError {
            throw AgentAccess.failure(error)
        }
        if case .unauthorized(let reason) = outcome { throw AgentAccess.unauthorized(reason) }
    }
}
