import CompanionAPI
import CompanionClient
import Foundation

/// An answer being streamed by the sidecar (`POST /api/v1/chat/stream`): the session it belongs to and its events.
public struct ChatAnswer: Sendable {
    /// The session the sidecar ran the prompt in (new when the request named none), when it said.
    public let sessionID: UUID?
    /// The events as they arrive; the sequence ends after `ChatEvent.done`, or throws a
    /// ``CompanionError`` when the connection breaks. Stopping the iteration stops reading.
    public let events: AsyncThrowingStream<ChatEvent, any Error>
}

extension WorkstationClaudeCode {
    /// Sends a prompt and streams the answer. A stream message this client cannot read is skipped
    /// (`ChatEvent.unreadable`).
    public func chat(_ request: ChatStreamRequest) async throws(CompanionError) -> ChatAnswer {
        let stream = try await call { client throws(CompanionClientError) in try await client.chat(request) }
        let messages = stream.messages
        let events = AsyncThrowingStream<ChatEvent, any Error> { continuation in
            let task = Task {
                do {
                    for try await event in messages { continuation.yield(event) }
                    continuation.finish()
                } catch let error as CompanionClientError {
                    continuation.finish(throwing: ClaudeCodeAccess.failure(error))
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        return ChatAnswer(sessionID: stream.sessionID, events: events)
    }
}
