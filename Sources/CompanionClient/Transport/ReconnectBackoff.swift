/// The companion side's one reconnect policy (the log WebSocket's ``LogFollower`` and the `/ws` event socket's
/// ``AgentEventSocket/follow(cursor:messages:reconnection:receive:)``): the wait before the next attempt starts at
/// ``first`` and doubles after every attempt that failed, up to ``maximum``; a connection that worked starts it
/// again from ``first``.
public struct ReconnectBackoff: Sendable, Equatable {
    /// The first wait.
    public let first: Duration
    /// The longest wait.
    public let maximum: Duration
    /// The wait before the next attempt.
    public private(set) var current: Duration

    /// A backoff from `first` to `maximum`.
    public init(first: Duration, maximum: Duration) {
        self.first = first
        self.maximum = maximum
        current = first
    }

    /// The wait before the next attempt, and doubles the one after it (up to ``maximum``).
    public mutating func next() -> Duration {
        let wait = current
        current = min(current * 2, maximum)
        return wait
    }

    /// After a connection that worked: the next wait is ``first`` again.
    public mutating func reset() { current = first }
}
