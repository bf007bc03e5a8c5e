import CompanionAPI
import Foundation

/// An answer being streamed by `POST /api/v1/chat/stream`: the session it belongs to and its events.
public struct ChatStream: Sendable {
    /// The session the sidecar ran the prompt in (new when the request named none), from `X-Session-ID`.
    public let sessionID: UUID?
    let events: AsyncThrowingStream<ServerSentEvent, any Error>

    /// The events as they arrive. A stream message the client cannot read is skipped (`ChatEvent.unreadable`);
    /// the stream ends after `done`, or with an error when the connection breaks.
    public var messages: AsyncThrowingStream<ChatEvent, any Error> {
        let events = events
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await event in events {
                        let chatEvent = ChatEvent(event)
                        continuation.yield(chatEvent)
                        if case .done = chatEvent { break }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

/// A chat stream's event (`ChatEvent`, in CompanionAPI) read from one Server-Sent Event.
extension ChatEvent {
    init(_ event: ServerSentEvent) {
        switch event.event {
        case "done":
            self = .done
        case "messageId":
            let ids = try? JSONDecoder().decode([String: String].self, from: Data(event.data.utf8))
            self = .messageIDs(user: ids?["userMessageId"], assistant: ids?["assistantMessageId"])
        default:
            if let message = try? ClaudeAPIJSON.decode(StreamMessage.self, from: Data(event.data.utf8)) {
                self = .message(message, id: event.id)
            } else {
                self = .unreadable(String((event.event ?? "message").prefix(40)))
            }
        }
    }
}
