import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Follows each HTTP exchange of a connection that was not upgraded to a WebSocket (Hummingbird adds it after the
/// HTTP/1 codec), telling the connection's ``ConnectionGuard`` where the exchange is: head read, request read,
/// answer written. A request that does not ask to keep the connection (HTTP/1.0 without `keep-alive`, or
/// `Connection: close`) has its connection closed once the answer is written, with `Connection: close` on the
/// answer.
final class RequestProgressHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var connection: ConnectionGuard?
    private var closeAfterAnswer = false

    func handlerAdded(context: ChannelHandlerContext) {
        connection = try? context.pipeline.syncOperations.handler(type: ConnectionGuard.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(var head):
            connection?.headReceived(context)
            let tokens = (head.headerFields[.connection] ?? "").lowercased().split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let isHTTP10 = connection?.requestIsHTTP10 ?? false
            if tokens.contains("close") || (isHTTP10 && !tokens.contains("keep-alive")) {
                closeAfterAnswer = true
                // Hummingbird ends its request loop on exactly "close"; HTTP/1.0 implies it without saying so.
                head.headerFields[.connection] = "close"
            }
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body:
            context.fireChannelRead(data)
        case .end:
            connection?.requestReceived(context)
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where closeAfterAnswer:
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end where closeAfterAnswer:
            connection?.answerWritten(context)
            let written = promise ?? context.eventLoop.makePromise()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            context.writeAndFlush(data, promise: written)
        case .end:
            connection?.answerWritten(context)
            context.write(data, promise: promise)
        default:
            context.write(data, promise: promise)
        }
    }
}
