import Foundation

/// One event of a chat stream (`POST /api/v1/chat/stream`, Server-Sent Events): a stream message, the ids of the
/// stored messages, the end, or an event a client does not understand.
public enum ChatEvent: Sendable, Equatable {
    /// A stream message with its SSE event id (used to resume with `Last-Event-ID`).
    case message(StreamMessage, id: String?)
    /// The sidecar's ids of the stored messages of this exchange.
    case messageIDs(user: String?, assistant: String?)
    /// The run is over; nothing follows.
    case done
    /// An event the client does not understand (its name), skipped.
    case unreadable(String)
}
