import NIOCore

/// The first handler of every connection: enforces ``ConnectionLimits`` on it.
///
/// A connection must deliver a complete request head within the header timeout of opening (or of the first byte
/// of a further request), and may not stay silent longer than the idle timeout unless the sidecar is answering it.
/// It registers with the ``ConnectionTracker`` (which may close it, or an idle one, at the cap). The
/// ``RequestProgressHandler`` further down the pipeline reports where each plain HTTP request is: head read,
/// request read, answer written; an upgrade to a WebSocket is seen here, as the `101` answer goes out. It also
/// notes whether the current request line says `HTTP/1.0`, which the HTTP types further down no longer carry.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// Where the connection is in its exchange.
    enum Phase: Equatable {
        /// Waiting for a complete request head, due before `deadline`.
        case awaitingHead(deadline: NIODeadline)
        /// The head arrived; the body is being read.
        case readingBody
        /// The request was read; the sidecar is answering (no timeout).
        case answering
        /// Kept alive between requests.
        case idle
        /// Upgraded to a WebSocket (pinged by the sidecar).
        case webSocket
    }

    private let limits: ConnectionLimits
    private let tracker: ConnectionTracker
    private var tracked: TrackedConnection?
    private(set) var phase: Phase = .idle
    private var lastActivity = NIODeadline.now()
    private var check: (task: Scheduled<Void>, at: NIODeadline)?
    /// The current request was already answered (an early error answer before its body was read).
    private var answered = false
    /// The current request's line, while it is incomplete (at most ``maxRequestLine`` bytes are kept).
    private var requestLine: [UInt8] = []
    private var requestLineDone = false
    /// The current request line ends with `HTTP/1.0`.
    private(set) var requestIsHTTP10 = false
    private static let maxRequestLine = 8192
    private static let switchingProtocols = Array("HTTP/1.1 101".utf8)

    init(limits: ConnectionLimits, tracker: ConnectionTracker) {
        self.limits = limits
        self.tracker = tracker
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { activate(context) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
    }

    func channelActive(context: ChannelHandlerContext) {
        activate(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        touch()
        if phase == .idle {
            startRequest()
            enter(.awaitingHead(deadline: lastActivity + limits.headerTimeoutAmount), context)
        }
        if case .awaitingHead = phase, !requestLineDone { readRequestLine(unwrapInboundIn(data)) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        touch()
        // An upgrade request never reaches the request progress handler: the 101 going out says it was accepted.
        if case .awaitingHead = phase, case .byteBuffer(let buffer) = unwrapOutboundIn(data),
            buffer.readableBytesView.starts(with: Self.switchingProtocols)
        {
            enter(.webSocket, context)
        }
        context.write(data, promise: promise)
    }

    // MARK: Reports from the HTTP request guard

    func headReceived(_ context: ChannelHandlerContext) {
        answered = false
        enter(.readingBody, context)
    }
    func requestReceived(_ context: ChannelHandlerContext) { enter(answered ? .idle : .answering, context) }
    func answerWritten(_ context: ChannelHandlerContext) {
        answered = true
        if phase != .webSocket && phase != .idle { enter(.idle, context) }
    }

    // MARK: Internals

    private func startRequest() {
        requestLine.removeAll(keepingCapacity: true)
        requestLineDone = false
        requestIsHTTP10 = false
    }

    /// Collects the request line until its end, then notes its version.
    private func readRequestLine(_ buffer: ByteBuffer) {
        let bytes = buffer.readableBytesView
        let end = bytes.firstIndex(of: UInt8(ascii: "\n"))
        let room = Self.maxRequestLine - requestLine.count
        requestLine.append(contentsOf: bytes[bytes.startIndex..<(end ?? bytes.endIndex)].prefix(room))
        guard end != nil || requestLine.count >= Self.maxRequestLine else { return }
        requestLineDone = true
        var line = requestLine[...]
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        requestIsHTTP10 = line.suffix(9).elementsEqual(" HTTP/1.0".utf8)
        requestLine.removeAll(keepingCapacity: true)
    }

    private func activate(_ context: ChannelHandlerContext) {
        guard tracked == nil else { return }
        let now = NIODeadline.now()
        let connection = TrackedConnection(channel: context.channel, now: now.uptimeNanoseconds)
        tracked = connection
        guard tracker.admit(connection) else {
            tracked = nil
            context.close(promise: nil)
            return
        }
        lastActivity = now
        startRequest()
        enter(.awaitingHead(deadline: now + limits.headerTimeoutAmount), context)
    }

    private func release() {
        check?.task.cancel()
        check = nil
        if let tracked { tracker.remove(tracked) }
        tracked = nil
    }

    private func touch() {
        lastActivity = .now()
        tracked?.lastActivity.store(lastActivity.uptimeNanoseconds, ordering: .relaxed)
    }

    private func enter(_ next: Phase, _ context: ChannelHandlerContext) {
        phase = next
        let sheddable = next != .answering && next != .webSocket
        tracked?.sheddable.store(sheddable, ordering: .relaxed)
        schedule(at: nextCheck(), context)
    }

    /// When the current phase's timeout would expire if nothing happens.
    private func nextCheck() -> NIODeadline {
        switch phase {
        case .awaitingHead(let deadline): deadline
        case .answering: .now() + limits.idleTimeoutAmount
        case .readingBody, .idle, .webSocket: lastActivity + limits.idleTimeoutAmount
        }
    }

    private func schedule(at deadline: NIODeadline, _ context: ChannelHandlerContext) {
        guard tracked != nil else { return }
        if let check, check.at <= deadline { return }
        check?.task.cancel()
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        let task = context.eventLoop.scheduleTask(deadline: deadline) {
            bound.value.handler.checkFired(bound.value.context)
        }
        check = (task, deadline)
    }

    private func checkFired(_ context: ChannelHandlerContext) {
        check = nil
        guard tracked != nil else { return }
        let now = NIODeadline.now()
        let expired: Bool
        switch phase {
        case .awaitingHead(let deadline): expired = now >= deadline
        case .answering: expired = false
        case .readingBody, .idle, .webSocket: expired = now >= lastActivity + limits.idleTimeoutAmount
        }
        if expired {
            tracker.noteTimeout()
            context.close(promise: nil)
        } else {
            schedule(at: nextCheck(), context)
        }
    }
}

extension ConnectionLimits {
    var headerTimeoutAmount: TimeAmount { TimeAmount(headerTimeout) }
    var idleTimeoutAmount: TimeAmount { TimeAmount(idleTimeout) }
}
