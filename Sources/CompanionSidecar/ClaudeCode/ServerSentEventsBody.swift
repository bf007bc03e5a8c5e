import CompanionAPI
import Foundation
import HTTPTypes
import Hummingbird

/// A `text/event-stream` answer: each frame as `id`/`event`/`data` lines, a `: keep-alive` comment when
/// nothing was written for ``keepAliveInterval`` (so proxies and the app's 45-second watchdog keep the
/// connection), `event: done` at the end. The frames come from `frames`; the writer stops when the client goes
/// away (the run itself goes on: cancelling is `POST /chat/cancel`).
enum ServerSentEventsBody {
    static let keepAliveInterval: Duration = .seconds(15)

    /// The answer's head: the SSE content type, no caching, no proxy buffering, plus `extra` fields.
    static func response(
        frames: AsyncStream<ChatStreamFrame>, extraHeaders: [(HTTPField.Name, String)] = [],
        keepAlive: Duration = keepAliveInterval
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-cache"
        headers[HTTPField.Name("X-Accel-Buffering")!] = "no"
        for (name, value) in extraHeaders { headers[name] = value }
        let body = ResponseBody { writer in
            let output = merge(frames, keepAlive: keepAlive)
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

    /// The frames' texts, with a keep-alive comment after each quiet `keepAlive`; ends after `done` or when the
    /// frames end.
    private static func merge(_ frames: AsyncStream<ChatStreamFrame>, keepAlive: Duration) -> AsyncStream<String> {
        AsyncStream { continuation in
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
                continuation.finish()
            }
            continuation.onTermination = { _ in
                ticker.cancel()
                reader.cancel()
            }
        }
    }
}
