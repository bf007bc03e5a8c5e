import Foundation

/// A run's numbered events: a bounded replay buffer plus live subscribers. ``subscribe(after:)`` yields the
/// buffered events after a sequence number, then live ones, and finishes after the ``ClaudeRunEvent/Kind/ended(_:)``
/// event. When a consumer asks for events older than the buffer holds, it gets the oldest kept: the gap shows
/// in the sequence numbers.
final class ClaudeRunEventLog: @unchecked Sendable {
    private let lock = NSLock()
    private let capacity: Int
    private var buffer: [ClaudeRunEvent] = []
    private var nextSequence = 1
    private var subscribers: [UUID: AsyncStream<ClaudeRunEvent>.Continuation] = [:]
    private var ended = false

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// Numbers `kind` and delivers it; ignored after the end.
    @discardableResult
    func append(_ kind: ClaudeRunEvent.Kind) -> ClaudeRunEvent? {
        // Continuations are finished outside the lock: finishing runs their `onTermination`, which takes it.
        let (event, finished): (ClaudeRunEvent?, [AsyncStream<ClaudeRunEvent>.Continuation]) = lock.withLock {
            guard !ended else { return (nil, []) }
            let event = ClaudeRunEvent(sequence: nextSequence, kind: kind)
            nextSequence += 1
            buffer.append(event)
            // Drop in chunks so appending stays amortised O(1).
            if buffer.count > capacity + capacity / 4 { buffer.removeFirst(buffer.count - capacity) }
            for continuation in subscribers.values { continuation.yield(event) }
            guard case .ended = kind else { return (event, []) }
            ended = true
            defer { subscribers.removeAll() }
            return (event, Array(subscribers.values))
        }
        for continuation in finished { continuation.finish() }
        return event
    }

    /// The events after `sequence` (all kept when nil), then live ones until the end.
    func subscribe(after sequence: Int?) -> AsyncStream<ClaudeRunEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: ClaudeRunEvent.self)
        let id = UUID()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = lock.withLock { self.subscribers.removeValue(forKey: id) }
        }
        let live = lock.withLock {
            for event in buffer.suffix(capacity) where event.sequence > (sequence ?? 0) { continuation.yield(event) }
            if !ended { subscribers[id] = continuation }
            return !ended
        }
        if !live { continuation.finish() }
        return stream
    }

    /// The events kept so far.
    var events: [ClaudeRunEvent] { lock.withLock { Array(buffer.suffix(capacity)) } }
}
