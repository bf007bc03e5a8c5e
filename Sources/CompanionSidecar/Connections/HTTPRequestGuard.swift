import CompanionAPI
import Foundation
import NIOCore
import NIOHTTP1

/// Sits right after the HTTP/1 decoder of every connection and makes the protocol's edge cases end cleanly:
///
/// - a request the decoder cannot parse (an unknown or lowercase method, HTTP/0.9, a TLS handshake, an oversized
///   or malformed head, conflicting lengths, NUL bytes…) is answered at once with a 400 and the JSON error body,
///   and the connection is closed, instead of hanging unanswered;
/// - a request that does not ask to keep the connection alive (HTTP/1.0 without `keep-alive`, or
///   `Connection: close`) has its connection closed once the answer is written;
/// - it tells the ``ConnectionGuard`` where each exchange is, and leaves the pipeline when the connection is
///   upgraded to a WebSocket.
final class HTTPRequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let connection: ConnectionGuard
    private var closeAfterAnswer = false
    private var failed = false

    init(connection: ConnectionGuard) {
        self.connection = connection
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        switch unwrapInboundIn(data) {
        case .head(var head):
            connection.headReceived(context)
            if !head.isKeepAlive {
                closeAfterAnswer = true
                // Hummingbird ends its request loop on exactly "close"; HTTP/1.0 implies it without saying so.
                head.headers.replaceOrAdd(name: "connection", value: "close")
            }
            context.fireChannelRead(wrapInboundOut(.head(head)))
        case .body:
            context.fireChannelRead(data)
        case .end:
            connection.requestReceived(context)
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head) where closeAfterAnswer && head.status != .switchingProtocols:
            head.headers.replaceOrAdd(name: "connection", value: "close")
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .head(let head) where head.status == .switchingProtocols:
            context.write(data, promise: promise)
            connection.upgraded(context)
            // What follows is WebSocket frames, not HTTP parts.
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        case .end:
            connection.answerWritten(context)
            guard closeAfterAnswer else { return context.write(data, promise: promise) }
            let written = promise ?? context.eventLoop.makePromise()
            let channel = context.channel
            written.futureResult.whenComplete { _ in channel.close(promise: nil) }
            context.writeAndFlush(data, promise: written)
        default:
            context.write(data, promise: promise)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError || error is ByteToMessageDecoderError, !failed else {
            return context.fireErrorCaught(error)
        }
        failed = true
        let body = ByteBuffer(bytes: Self.badRequestBody)
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json; charset=utf-8")
        headers.add(name: "content-length", value: String(body.readableBytes))
        headers.add(name: "connection", value: "close")
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// `{ "ok": false, "error": { "code": "bad_request", … } }`, encoded once.
    static let badRequestBody: [UInt8] = {
        let error = APIErrorResponse(
            code: .badRequest, message: "malformed HTTP request; the connection is closed")
        return (try? Array(JSONEncoder().encode(error))) ?? Array(#"{"ok":false}"#.utf8)
    }()
}
