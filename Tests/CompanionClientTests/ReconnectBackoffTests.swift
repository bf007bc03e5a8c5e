import CompanionClient
import Testing

/// The one reconnect policy of the log follower and the event socket: doubling from the first wait to the
/// maximum, back to the first after a connection that worked.
@Suite struct ReconnectBackoffTests {
    @Test func waitsDoubleUpToTheMaximumAndStartAgainAfterAReset() {
        var backoff = ReconnectBackoff(first: .milliseconds(250), maximum: .seconds(5))
        let waits = (0..<7).map { _ in backoff.next() }
        #expect(
            waits == [
                .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(5), .seconds(5),
            ])
        backoff.reset()
        #expect(backoff.next() == .milliseconds(250))
        #expect(backoff.current == .milliseconds(500))
    }

    @Test func theFollowersDefaultsAreTheirEarlierPolicies() {
        // LogFollower: 0.5 s to 8 s; the event socket: 0.25 s to 5 s (unchanged by the shared type).
        let log = LogFollower.Options()
        var logBackoff = ReconnectBackoff(first: log.initialBackoff, maximum: log.maxBackoff)
        #expect(
            (0..<6).map { _ in logBackoff.next() } == [
                .milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8),
            ])
        let events = AgentEventSocket.Reconnection()
        #expect(events.first == .milliseconds(250) && events.maximum == .seconds(5))
    }
}
