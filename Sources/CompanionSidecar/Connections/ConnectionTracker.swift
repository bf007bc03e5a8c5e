import NIOCore
import Synchronization

/// One open connection as the ``ConnectionTracker`` sees it from any thread: its channel, when it was last active
/// and whether it may be closed to make room (it is idle: not waiting for an answer, not a WebSocket).
final class TrackedConnection: Sendable {
    let channel: any Channel
    /// `ContinuousClock`-independent monotonic time of the last byte in either direction, in nanoseconds.
    let lastActivity: Atomic<UInt64>
    let sheddable: Atomic<Bool>

    init(channel: any Channel, now: UInt64) {
        self.channel = channel
        self.lastActivity = Atomic(now)
        self.sheddable = Atomic(true)
    }
}

/// Counts the sidecar's open connections and keeps them under a cap by closing the longest-idle one when a new
/// connection arrives at the cap (the new one is closed instead when none is idle).
///
/// Shared by every event loop; one short lock per connection opened or closed. Choosing whom to shed scans the
/// open connections, which happens only at the cap.
final class ConnectionTracker: Sendable {
    let maxConnections: Int
    private let state = Mutex(State())

    private struct State {
        var open: [ObjectIdentifier: TrackedConnection] = [:]
        var shed = 0
        var refused = 0
        var timedOut = 0
    }

    init(maxConnections: Int) {
        self.maxConnections = max(1, maxConnections)
    }

    /// Registers a new connection. Returns false when it must be closed (the cap is reached and nothing is idle);
    /// otherwise it is counted, and an idle connection may have been closed to make room.
    func admit(_ connection: TrackedConnection) -> Bool {
        let (admitted, victim): (Bool, TrackedConnection?) = state.withLock { state in
            var victim: TrackedConnection?
            if state.open.count >= maxConnections {
                victim = Self.longestIdle(in: state.open)
                guard let chosen = victim else {
                    state.refused += 1
                    return (false, nil)
                }
                state.open.removeValue(forKey: ObjectIdentifier(chosen))
                state.shed += 1
            }
            state.open[ObjectIdentifier(connection)] = connection
            return (true, victim)
        }
        victim?.channel.close(promise: nil)
        return admitted
    }

    /// Forgets a closed connection.
    func remove(_ connection: TrackedConnection) {
        _ = state.withLock { $0.open.removeValue(forKey: ObjectIdentifier(connection)) }
    }

    /// Records a connection closed by its header or idle timeout.
    func noteTimeout() {
        state.withLock { $0.timedOut += 1 }
    }

    /// What happened to connections so far.
    var counts: ConnectionCounts {
        state.withLock {
            ConnectionCounts(open: $0.open.count, shed: $0.shed, refused: $0.refused, timedOut: $0.timedOut)
        }
    }

    private static func longestIdle(in open: [ObjectIdentifier: TrackedConnection]) -> TrackedConnection? {
        var oldest: TrackedConnection?
        var oldestTime = UInt64.max
        for connection in open.values where connection.sheddable.load(ordering: .relaxed) {
            let time = connection.lastActivity.load(ordering: .relaxed)
            if time < oldestTime {
                oldest = connection
                oldestTime = time
            }
        }
        return oldest
    }
}

/// Connection figures of a running sidecar.
package struct ConnectionCounts: Sendable, Equatable {
    /// Connections open now.
    package var open: Int
    /// Idle connections closed to make room for new ones at the cap.
    package var shed: Int
    /// New connections closed at once because the cap was reached and none was idle.
    package var refused: Int
    /// Connections closed by the header or idle timeout.
    package var timedOut: Int
}
