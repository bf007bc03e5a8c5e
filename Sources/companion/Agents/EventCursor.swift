import CompanionAPI
import Synchronization

/// The last sequence number received on `/ws`, to resume from after a dropped connection.
final class EventCursor: Sendable {
    private let value = Mutex<Int?>(nil)

    var last: Int? { value.withLock { $0 } }

    func note(_ event: AgentEventMessage) {
        guard let seq = event.seq else { return }
        value.withLock { $0 = max($0 ?? 0, seq) }
    }
}
