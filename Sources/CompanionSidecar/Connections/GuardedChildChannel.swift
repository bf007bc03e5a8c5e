import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOSSL

/// Wraps the HTTP/1 (+ WebSocket upgrade) child channel so that every connection gets a ``ConnectionGuard`` before
/// anything reads from it and a ``MalformedRequestResponder`` right after the HTTP decoder, and is closed once its
/// exchange is over, however it ended (Hummingbird leaves a connection open when the first request's upgrade
/// negotiation fails). The inner channel is configured to add a ``RequestProgressHandler`` to plain HTTP
/// connections.
///
/// On a TLS listener (`tls` set) the connection's first handler is the TLS server handler, made with the holder's
/// context of the moment, and the guard comes right after it: it sees the requests in clear, and its header
/// timeout, which starts when the connection opens, covers the handshake too (a slow or stalled handshake, a
/// truncated record, is closed as a slow request head is). A ClientHello that is not TLS fails the handshake,
/// which closes the connection. The connection counts against the cap from the moment it opens.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let limits: ConnectionLimits
    let tracker: ConnectionTracker
    var tls: TLSContextHolder?

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = self.limits
        let tracker = self.tracker
        let context = tls?.context
        let added = channel.eventLoop.makeCompletedFuture {
            let operations = channel.pipeline.syncOperations
            let connectionGuard = ConnectionGuard(limits: limits, tracker: tracker)
            if let context {
                let handler = NIOSSLServerHandler(context: context)
                try operations.addHandler(handler, position: .first)
                try operations.addHandler(connectionGuard, position: .after(handler))
            } else {
                try operations.addHandler(connectionGuard, position: .first)
            }
        }
        return added.flatMap { inner.setup(channel: channel, logger: logger) }.flatMapThrowing { value in
            let operations = channel.pipeline.syncOperations
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(MalformedRequestResponder(), position: .after(decoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: ClosedConnectionLogFilter.wrapping(logger))
        value.channel.close(promise: nil)
    }
}
