import NIOCore

/// The first handler of every connection: enforces ``ConnectionLimits`` on it.
///
/// A connection must deliver a complete request head within the header timeout of opening (or of the first byte
/// of a further request), and may not stay silent longer than the idle timeout unless the sidecar is answering it.
/// An answer the client does not read counts as silence: once the channel has stayed unwritable for the idle
/// timeout, the connection is closed whatever its phase (a client that stops reading cannot hold a connection,
/// and the memory of its pending answer, for ever). It registers with the ``ConnectionTracker`` (which may close
/// it, or an idle one, at the cap). The ``RequestProgressHandler`` further down the pipeline reports each plain
/// HTTP request's head, end and answer; an upgrade to a WebSocket is seen here, as the `101` answer goes out.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private let limits: ConnectionLimits
    private let tracker: ConnectionTracker
    private var tracked: TrackedConnection?
    private var context: ChannelHandlerContext?
    private(set) var phase: Phase = .idle
    private var lastActivity = NIODeadline.now()
    /// Since when the channel has been unwritable (the client is not reading what it is sent), if it is.
    private var stalledSince: NIODeadline?
    private var check: (task: Scheduled<Void>, at: NIODeadline)?
    /// Requests whose head arrived and whose answer has not been written yet (more than one when pipelined).
    private var outstanding = 0
    private var bodyInProgress = false
    private static let switchingProtocols = Array("HTTP/1.1 101".utf8)

    init(limits: ConnectionLimits, tracker: ConnectionTracker) {
        self.limits = limits
        self.tracker = tracker
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { activate() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        release()
        self.context = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        activate()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        release()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        touch()
        if phase == .idle { enter(.awaitingHead(deadline: lastActivity + limits.headerTimeoutAmount)) }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        touch()
        // An upgrade request never reaches the request progress handler: the 101 going out says it was accepted.
        if case .awaitingHead = phase, outstanding == 0, case .byteBuffer(let buffer) = unwrapOutboundIn(data),
            buffer.readableBytesView.starts(with: Self.switchingProtocols)
        {
            enter(.webSocket)
        }
        context.write(data, promise: promise)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stalledSince = nil
        } else if stalledSince == nil {
            stalledSince = .now()
        }
        updateSheddable()
        schedule(at: nextCheck())
        context.fireChannelWritabilityChanged()
    }

    // MARK: Reports from the request progress handler

    func headReceived() {
        outstanding += 1
        bodyInProgress = true
        settle()
    }

    func requestReceived() {
        bodyInProgress = false
        settle()
    }

    func answerWritten() {
        outstanding = max(0, outstanding - 1)
        settle()
    }

    // MARK: Internals

    /// The phase that follows from the requests in flight.
    private func settle() {
        guard phase != .webSocket else { return }
        if bodyInProgress && outstanding > 0 {
            enter(.readingBody)
        } else if outstanding > 0 {
            enter(.answering)
        } else if phase != .idle {
            enter(.idle)
        }
    }

    private func activate() {
        guard tracked == nil, let context else { return }
        let now = NIODeadline.now()
        let connection = TrackedConnection(channel: context.channel, now: now.uptimeNanoseconds)
        tracked = connection
        guard tracker.admit(connection) else {
            tracked = nil
            context.close(promise: nil)
            return
        }
        lastActivity = now
        enter(.awaitingHead(deadline: now + limits.headerTimeoutAmount))
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

    private func enter(_ next: Phase) {
        phase = next
        updateSheddable()
        schedule(at: nextCheck())
    }

    /// Idle connections, and any whose client stopped reading, may be closed to make room.
    private func updateSheddable() {
        let busy = (phase == .answering || phase == .webSocket) && stalledSince == nil
        tracked?.sheddable.store(!busy, ordering: .relaxed)
    }

    /// When a timeout would expire if nothing happens.
    private func nextCheck() -> NIODeadline {
        let phaseDeadline: NIODeadline
        switch phase {
        case .awaitingHead(let deadline): phaseDeadline = deadline
        case .answering: phaseDeadline = .now() + limits.idleTimeoutAmount
        case .readingBody, .idle, .webSocket: phaseDeadline = lastActivity + limits.idleTimeoutAmount
        }
        guard let stalledSince else { return phaseDeadline }
        return min(phaseDeadline, stalledSince + limits.idleTimeoutAmount)
    }

    private func schedule(at deadline: NIODeadline) {
        guard tracked != nil, let context else { return }
        if let check, check.at <= deadline { return }
        check?.task.cancel()
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let task = context.eventLoop.scheduleTask(deadline: deadline) { bound.value.checkFired() }
        check = (task, deadline)
    }

    private func checkFired() {
        check = nil
        guard tracked != nil, let context else { return }
        let now = NIODeadline.now()
        var expired: Bool
        switch phase {
        case .awaitingHead(let deadline): expired = now >= deadline
        case .answering: expired = false
        case .readingBody, .idle, .webSocket: expired = now >= lastActivity + limits.idleTimeoutAmount
        }
        if let stalledSince, now >= stalledSince + limits.idleTimeoutAmount { expired = true }
        if expired {
            tracker.noteTimeout()
            context.close(promise: nil)
        } else {
            schedule(at: nextCheck())
        }
    }
}
