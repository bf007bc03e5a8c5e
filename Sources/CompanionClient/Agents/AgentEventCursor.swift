import CompanionAPI
import Synchronization

/// Where a `/ws` client is in the event stream: the sidecar run (`epoch`) and the last sequence number received in
/// it, to resume from after a dropped connection or a sidecar restart.
public final class AgentEventCursor: Sendable {
    private let value = Mutex<(epoch: String?, seq: Int?)>((nil, nil))

    public init() {}

    /// The last sequence number received and its run (both nil before the first event).
    public var position: (epoch: String?, seq: Int?) { value.withLock { $0 } }

    /// Notes an event received: a later sequence number of the same run, or any of a new run (a restarted sidecar
    /// numbers from 1 again).
    public func note(_ event: AgentEventMessage) {
        guard let seq = event.seq else { return }
        value.withLock { value in
            if let epoch = event.epoch, epoch != value.epoch {
                value = (epoch, seq)
            } else {
                value.seq = max(value.seq ?? 0, seq)
            }
        }
    }
}
