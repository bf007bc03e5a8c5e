import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A scripted Anthropic Messages API on 127.0.0.1 for the real Claude Code CLI (`ANTHROPIC_BASE_URL`).
///
/// Answers `POST /v1/messages` (an SSE stream when the body asks for `stream`, else one JSON message, which the CLI
/// asks for when it retries a dropped stream) with what the ``rule`` returns for that request; `POST
/// /v1/messages/count_tokens` with a count; `HEAD` with 200; anything else with 404. Every request is recorded
/// (``requests``), and ``waitForRequests(_:timeout:)`` waits for them. Each connection gets its own thread and
/// is closed after its answer, so concurrent runs never wait on each other.
public final class ScriptedModelEndpoint: @unchecked Sendable {
    /// `http://127.0.0.1:<port>`: the CLI's `ANTHROPIC_BASE_URL`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }
    public let port: Int

    private let listener: Int32
    private let rule: @Sendable (ScriptedModelRequest) -> ScriptedModelReply
    private let condition = NSCondition()
    private var received: [ScriptedModelRequest] = []
    private var stopped = false
    private var messageCounter = 0

    /// Serves at once; `rule` chooses the reply of each `POST /v1/messages` (e.g. from
    /// ``ScriptedModelRequest/lastUserPrompt``).
    public init(rule: @escaping @Sendable (ScriptedModelRequest) -> ScriptedModelReply) throws {
        (listener, port) = try LoopbackListener.open(backlog: 64)
        self.rule = rule
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Replies taken in order, one per `POST /v1/messages`; `fallback` once they are used up.
    public convenience init(replies: [ScriptedModelReply], fallback: ScriptedModelReply = .text("OK")) throws {
        let queue = ReplyQueue(replies)
        try self.init { _ in queue.next() ?? fallback }
    }

    deinit { stop() }

    /// Every request so far, in arrival order.
    public var requests: [ScriptedModelRequest] { condition.withLock { received } }
    /// The `POST /v1/messages` requests so far.
    public var messageRequests: [ScriptedModelRequest] { requests.filter(\.isMessages) }

    /// Waits until `predicate` holds for the requests received (woken by each request, no polling, on a thread of
    /// its own); throws after `timeout` seconds.
    public func waitForRequests(
        timeout: Double = TestDeadline.seconds, _ predicate: @escaping @Sendable ([ScriptedModelRequest]) -> Bool
    ) async throws {
        try await offPool { try self.waitForRequestsBlocking(timeout: timeout, predicate) }
    }

    private func waitForRequestsBlocking(timeout: Double, _ predicate: ([ScriptedModelRequest]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(received) {
            if !condition.wait(until: deadline), !predicate(received) {
                throw ProcessRunner.TimeoutError(command: "scripted endpoint", output: "\(received.count) requests")
            }
        }
    }

    /// Stops listening; stalled streams end.
    public func stop() {
        let first = condition.withLock {
            defer { stopped = true }
            return !stopped
        }
        if first { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    var isStopped: Bool { condition.withLock { stopped } }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let raw = LoopbackHTTPServer.read(connection) else { return }
        let request = ScriptedModelRequest(method: raw.method, path: raw.path, headers: raw.headers, body: raw.body)
        let messageID = condition.withLock {
            received.append(request)
            messageCounter += 1
            condition.broadcast()
            return "msg_scripted_\(messageCounter)"
        }
        let writer = SSEWriter(fd: connection)
        if request.method == "HEAD" {
            writer.head(status: 200, contentType: "text/plain", contentLength: 0)
        } else if request.method == "POST", request.path.hasPrefix("/v1/messages/count_tokens") {
            writer.json(status: 200, #"{"input_tokens":42}"#)
        } else if request.isMessages {
            ScriptedStream(writer: writer, endpoint: self, messageID: messageID, model: request.model ?? "claude-test")
                .answer(rule(request), streaming: request.isStreaming)
        } else {
            writer.json(status: 404, #"{"type":"error","error":{"type":"not_found_error","message":"not scripted"}}"#)
        }
    }
}

/// Replies handed out in order.
private final class ReplyQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [ScriptedModelReply]

    init(_ replies: [ScriptedModelReply]) { self.replies = replies }

    func next() -> ScriptedModelReply? {
        lock.withLock { replies.isEmpty ? nil : replies.removeFirst() }
    }
}
