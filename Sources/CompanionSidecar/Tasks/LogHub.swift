import CompanionAPI
import Synchronization

/// Something that happened in a task's log, as broadcast to live subscribers.
package enum TaskLogEvent: Sendable, Equatable {
    /// New lines, already stored, in cursor order.
    case lines([TaskLogLine])
    /// The task finished; no line follows.
    case end(TaskStatus, exitCode: Int?)
}

/// Broadcasts new log lines to the live subscribers of each task (WebSocket followers).
///
/// Publishing never blocks: each subscriber has a bounded buffer, and one that falls behind by more than
/// ``bufferLimit`` events has its stream ended without `.end` (it resumes from the store by cursor).
package final class LogHub: Sendable {
    /// Events a subscriber may have pending before it is dropped.
    package let bufferLimit: Int

    private struct Subscriber {
        let continuation: AsyncStream<TaskLogEvent>.Continuation
    }

    private let subscribers = Mutex<[String: [Int: Subscriber]]>([:])
    private let nextID = Atomic<Int>(0)

    package init(bufferLimit: Int = 4096) {
        self.bufferLimit = bufferLimit
    }

    /// Subscribes to a task's live events. The stream ends after `.end`, on overflow, or on ``unsubscribe``.
    package func subscribe(taskID: String) -> (id: Int, events: AsyncStream<TaskLogEvent>) {
        let id = nextID.wrappingAdd(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream<TaskLogEvent>.makeStream(
            bufferingPolicy: .bufferingOldest(bufferLimit))
        subscribers.withLock { $0[taskID, default: [:]][id] = Subscriber(continuation: continuation) }
        continuation.onTermination = { [weak self] _ in self?.remove(taskID: taskID, id: id) }
        return (id, stream)
    }

    /// Ends one subscription.
    package func unsubscribe(taskID: String, id: Int) {
        let subscriber = remove(taskID: taskID, id: id)
        subscriber?.continuation.finish()
    }

    /// Number of live subscribers of a task.
    package func subscriberCount(taskID: String) -> Int {
        subscribers.withLock { $0[taskID]?.count ?? 0 }
    }

    /// Sends an event to every subscriber of the task; `.end` also ends their streams.
    package func publish(taskID: String, _ event: TaskLogEvent) {
        let targets = subscribers.withLock { Array(($0[taskID] ?? [:]).values) }
        for subscriber in targets {
            switch subscriber.continuation.yield(event) {
            case .dropped:
                // Too far behind: end the stream; the follower resumes by cursor from the store.
                subscriber.continuation.finish()
            case .enqueued, .terminated:
                break
            @unknown default:
                break
            }
            if case .end = event { subscriber.continuation.finish() }
        }
    }

    @discardableResult
    private func remove(taskID: String, id: Int) -> Subscriber? {
        subscribers.withLock { table in
            let removed = table[taskID]?.removeValue(forKey: id)
            if table[taskID]?.isEmpty == true { table[taskID] = nil }
            return removed
        }
    }
}
