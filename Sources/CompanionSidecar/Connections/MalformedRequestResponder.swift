import CompanionAPI
import Foundation
import NIOCore
import NIOHTTP1

/// Sits right after the HTTP/1 decoder of every connection: a request the decoder cannot parse (an unknown or
/// lowercase method, HTTP/0.9, a TLS handshake, an oversized or malformed head, conflicting lengths, NUL bytes…)
/// is answered at once with a 400 and the JSON error body, and the connection is closed. Without it, a parse error
/// in a connection's first request left the socket open and unanswered.
///
/// It never looks at the messages passing through (after a WebSocket upgrade they are frames, not HTTP parts), so
/// it can stay in the pipeline for the connection's whole life.
final class MalformedRequestResponder: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never
    typealias OutboundOut = HTTPServerResponsePart

    private var answered = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError || error is ByteToMessageDecoderError else {
            return context.fireErrorCaught(error)
        }
        guard !answered else { return }
        answered = true
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
        let error = APIErrorResponse(code: .badRequest, message: "malformed HTTP request; the connection is closed")
        return (try? Array(JSONEncoder().encode(error))) ?? Array(#"{"ok":false}"#.utf8)
    }()
}
