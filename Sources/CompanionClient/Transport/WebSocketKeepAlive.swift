import WSClient

/// How the clients' WebSockets (task logs, agent events) check that the sidecar is still there.
///
/// A ping every 20 s; a ping still unanswered when the next one is due drops the connection, and the followers
/// reconnect and resume from their last event. With 5 s, a healthy connection was dropped whenever the client's
/// process could not read its socket for 5 s: in loaded test runs (an in-process sidecar and its client sharing a
/// busy two-thread pool) `/ws` and log connections closed "without a close frame" mid-test. 20 s still notices a
/// sidecar that went away well within the sidecar's own idle timeout (60 s by default), as its pings do.
enum WebSocketKeepAlive {
    /// The clients' ping period.
    static let pingPeriod: Duration = .seconds(20)
    /// The `autoPing` of a client configuration.
    static var autoPing: AutoPingSetup { .enabled(timePeriod: pingPeriod) }
}
