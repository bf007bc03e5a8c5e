import HTTPTypes
import NIOCore
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Follows each HTTP exchange of a connection that was not upgraded to a WebSocket (Hummingbird adds it after the
/// HTTP/1 codec), telling the connection's ``ConnectionGuard`` where the exchanges are: head read, request read,
/// answer written. A request that does not keep the connection (`Connection: close`, which ``KeepAliveHandler``
/// also sets for HTTP/1.0 without `keep-alive`) gets `Connection: close` on its answer, and the connection is
/// closed once that answer is written. Pipelined requests each keep their own decision, in order.
final class RequestProgressHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var connection: ConnectionGuard?
    /// For each request read and not yet answered, oldest first: whether to close after its answer.
    private var closeAfterAnswer: [Bool] = []

    func handlerAdded(context: ChannelHandlerContext) {
        let operations = context.pipeline.syncOperations
        connection = try? operations.handler(type: ConnectionGuard.self)
        if let codec = try? operations.handler(type: HTTP1ToHTTPServerCodec.self) {
            try? operations.addHandler(KeepAliveHandler(), position: .before(codec))
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            let tokens = (head.headerFields[.connection] ?? "").lowercased().split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            closeAfterAnswer.append(tokens.contains("close"))
            connection?.headReceived()
        case .body:
            break
        case .end:
            connection?.requestReceived()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let closing = closeAfterAnswer.first ?? false
        switch unwrapOutboundIn(data) {
        case .head(var head) where closing && head.status.kind != .informational:
            head.headerFields[.connection] = "close"
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .end:
            if !closeAfterAnswer.isEmpty { closeAfterAnswer.removeFirst() }
            connection?.answerWritten()
            guard closing else { return context.write(data, promise: promise) }
            let written = promise ?? context.eventLoop.makePromise()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            context.writeAndFlush(data, promise: written)
        default:
            context.write(data, promise: promise)
        }
    }
}
