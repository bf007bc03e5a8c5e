import CompanionAPI
import Foundation
import Synchronization

/// The sequenced event stream behind `WS /ws`: every event gets the next sequence number, is encoded once, kept in a
/// bounded replay buffer and handed to every subscriber. A subscriber that resumes from a sequence number still in
/// the buffer gets everything after it; an older one gets a snapshot instead. A subscriber that falls too far
/// behind is dropped (its stream ends) and resumes by sequence number.
final class AgentEventHub: Sendable {
    /// One encoded event.
    struct Event: Sendable {
        let seq: Int
        /// The session a `terminal_output` is for (only subscribers of it receive it); nil for the rest.
        let terminalSessionID: String?
        let text: String
    }

    /// A subscriber's events.
    struct Subscription: Sendable {
        let id: UInt64
        /// Events to send first (nil: the buffer no longer holds the one asked after: send a snapshot).
        let replay: [Event]?
        let events: AsyncStream<Event>
    }

    private struct State {
        var seq = 0
        var buffer: [Event] = []
        var subscribers: [UInt64: AsyncStream<Event>.Continuation] = [:]
        var nextID: UInt64 = 0
    }

    /// This run's epoch: random, new at every start, carried on every event and snapshot, so that a client resuming
    /// with a sequence number of an earlier run (the sequence starts again at 1) gets a snapshot, not this run's events.
    let epoch: String
    private let capacity: Int
    /// Events a subscriber may have waiting before it is dropped.
    private let subscriberBacklog: Int
    private let state = Mutex(State())

    init(capacity: Int, subscriberBacklog: Int = 4096) {
        self.capacity = max(16, capacity)
        self.subscriberBacklog = subscriberBacklog
        epoch = String(UUID().uuidString.lowercased().filter { $0 != "-" }.prefix(16))
    }

    /// The last sequence number given.
    var lastSeq: Int { state.withLock { $0.seq } }

    /// Numbers, encodes, keeps and sends one message (its `seq` is set here).
    func publish(_ message: AgentEventMessage) {
        var message = message
        state.withLock { state in
            state.seq += 1
            message.seq = state.seq
            message.epoch = epoch
            let data = (try? ClaudeAPIJSON.encode(message)) ?? Data()
            let terminal = message.type == "terminal_output" ? message.sessionId : nil
            let event = Event(seq: state.seq, terminalSessionID: terminal, text: String(decoding: data, as: UTF8.self))
            state.buffer.append(event)
            if state.buffer.count > capacity { state.buffer.removeFirst(state.buffer.count - capacity) }
            for (id, continuation) in state.subscribers {
                if case .dropped = continuation.yield(event) {
                    continuation.finish()
                    state.subscribers[id] = nil
                }
            }
        }
    }

    /// Subscribes; `after` is the last sequence number the client has (nil: a new client, which gets a snapshot), of
    /// the run `epoch` (when given and not this run's, `after` means nothing here: a snapshot).
    func subscribe(after: Int?, epoch: String? = nil) -> Subscription {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingOldest(subscriberBacklog))
        return state.withLock { state in
            state.nextID += 1
            let id = state.nextID
            state.subscribers[id] = continuation
            var replay: [Event]?
            if let after, after <= state.seq, epoch == nil || epoch == self.epoch {
                let oldest = state.buffer.first?.seq ?? state.seq + 1
                if after >= oldest - 1 { replay = state.buffer.filter { $0.seq > after } }
            }
            return Subscription(id: id, replay: replay, events: stream)
        }
    }

    func unsubscribe(_ id: UInt64) {
        let continuation = state.withLock { $0.subscribers.removeValue(forKey: id) }
        continuation?.finish()
    }

    /// Ends every subscription (sockets close and clients resume later).
    func finishAll() {
        let all = state.withLock { state in
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for continuation in all { continuation.finish() }
    }
}
