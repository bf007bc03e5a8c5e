import CompanionAPI
import Foundation
import HTTPTypes
import Hummingbird

/// A `text/event-stream` answer: each frame as `id`/`event`/`data` lines, a `: keep-alive` comment when
/// nothing was written for ``keepAliveInterval`` (so proxies and the app's 45-second watchdog keep the
/// connection), `event: done` at the end. The frames come from `frames`; the writer stops when the client goes
/// away (the run itself goes on: cancelling is `POST /chat/cancel`) or when `refusal` answers a reason (the
/// device was revoked or lost its scope: an `error` event with code `FORBIDDEN` and the reason, then the end).
enum ServerSentEventsBody {
    static let keepAliveInterval: Duration = .seconds(15)
    /// How often an open stream asks `refusal` again (as `/ws` re-checks its device).
    static let reauthorizationInterval: Duration = .milliseconds(250)

    /// The answer's head: the SSE content type, no caching, no proxy buffering, plus `extra` fields.
    static func response(
        frames: AsyncStream<ChatStreamFrame>, extraHeaders: [(HTTPField.Name, String)] = [],
        keepAlive: Duration = keepAliveInterval, refusal: (@Sendable () async -> String?)? = nil
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        for (name, value) in extraHeaders { headers[name] = value }
        let body = ResponseBody { writer in
            let output = merge(frames, keepAlive: keepAlive, refusal: refusal)
            for await text in output {
                try await writer.write(ByteBuffer(string: text))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }

    /// The text of one frame.
    static func text(of frame: ChatStreamFrame) -> String {
        switch frame {
        case .message(let id, let message):
            let data = (try? ClaudeAPIJSON.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return "id: \(id)\nevent: \(message.eventName)\ndata: \(data)\n\n"
        case .done:
            return "event: done\ndata: {}\n\n"
        }
    }

    /// The `error` event that ends a stream whose device may no longer read it (no `id`: it is not a frame of
    /// the run, and a client resuming must not skip past the run's frames).
    static func refusalText(_ reason: String) -> String {
        let message = StreamMessage.error(StreamError(code: "FORBIDDEN", message: reason))
        let data = (try? ClaudeAPIJSON.encode(message)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "event: \(message.eventName)\ndata: \(data)\n\n"
    }

    /// The frames' texts, with a keep-alive comment after each quiet `keepAlive`; ends after `done`, when the
    /// frames end, or once `refusal` answers a reason (after the refusal's `error` event).
    private static func merge(
        _ frames: AsyncStream<ChatStreamFrame>, keepAlive: Duration, refusal: (@Sendable () async -> String?)?
    ) -> AsyncStream<String> {
        AsyncStream { continuation in
            let guardian = Task {
                guard let refusal else { return }
                while !Task.isCancelled {
                    try? await Task.sleep(for: reauthorizationInterval)
                    if Task.isCancelled { return }
                    if let reason = await refusal() {
                        continuation.yield(refusalText(reason))
                        continuation.finish()
                        return
                    }
                }
            }
            let ticker = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: keepAlive)
                    if Task.isCancelled { break }
                    continuation.yield(": keep-alive\n\n")
                }
            }
            let reader = Task {
                for await frame in frames {
                    continuation.yield(text(of: frame))
                    if case .done = frame { break }
                }
                ticker.cancel()
                guardian.cancel()
                continuation.finish()
            }
            continuation.onTermination = { _ in
                ticker.cancel()
                reader.cancel()
                guardian.cancel()
            }
        }
    }
}
