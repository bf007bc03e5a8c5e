import NIOCore
import NIOHTTP1

/// Added (by ``RequestProgressHandler``) just before the HTTP/1 → HTTP types codec of a connection that was not
/// upgraded, where the request's HTTP version is still known: a request that does not keep the connection alive
/// (HTTP/1.0 without `keep-alive`, or `Connection: close`) gets exactly `Connection: close`, which the HTTP types
/// further down can carry and Hummingbird ends its request loop on.
final class KeepAliveHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive else {
            return context.fireChannelRead(data)
        }
        head.headers.replaceOrAdd(name: "connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
