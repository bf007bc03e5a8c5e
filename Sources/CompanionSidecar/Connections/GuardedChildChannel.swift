import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Wraps the HTTP/1 (+ WebSocket upgrade) child channel so that every connection gets a ``ConnectionGuard`` before
/// anything reads from it and a ``MalformedRequestResponder`` right after the HTTP decoder, and is closed once its
/// exchange is over, however it ended (Hummingbird leaves a connection open when the first request's upgrade
/// negotiation fails). The inner channel is configured to add a ``RequestProgressHandler`` to plain HTTP
/// connections.
struct GuardedChildChannel<Inner: ServerChildChannel>: ServerChildChannel {
    typealias Value = Inner.Value

    let inner: Inner
    let limits: ConnectionLimits
    let tracker: ConnectionTracker

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let limits = self.limits
        let tracker = self.tracker
        let added = channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(
                ConnectionGuard(limits: limits, tracker: tracker), position: .first)
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
