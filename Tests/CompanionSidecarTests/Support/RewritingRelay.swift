import CompanionTestSupport
import Foundation

/// A man in the middle on loopback: an HTTP server that forwards every request to the real sidecar and its
/// answer back, recording both, and can rewrite request and answer bodies on the way (an active attacker), or
/// only watch (a passive one).
final class RewritingRelay: @unchecked Sendable {
    struct Exchange: Sendable {
        let method: String
        let path: String
        let requestBody: Data
        let status: Int
        let responseBody: Data
    }

    typealias Rewrite = @Sendable (_ path: String, _ body: Data) -> Data

    private let server: LoopbackHTTPServer
    private let lock = NSLock()
    private var recorded: [Exchange] = []

    /// `http://127.0.0.1:<relay port>`.
    var baseURL: String { server.baseURL }
    /// Every exchange relayed so far, as the sidecar saw the request and the companion saw the answer.
    var exchanges: [Exchange] { lock.withLock { recorded } }

    init(targetPort: Int, rewriteRequest: Rewrite? = nil, rewriteResponse: Rewrite? = nil) throws {
        let box = RecorderBox()
        server = try LoopbackHTTPServer { request in
            let body = rewriteRequest?(request.path, request.body) ?? request.body
            guard
                let (status, answer) = Self.forward(
                    request.method, request.path, request.headers, body, port: targetPort)
            else {
                return LoopbackHTTPServer.Response(status: 502, json: #"{"ok":false}"#)
            }
            let rewritten = rewriteResponse?(request.path, answer) ?? answer
            box.append(
                Exchange(
                    method: request.method, path: request.path, requestBody: body, status: status,
                    responseBody: rewritten))
            return LoopbackHTTPServer.Response(status: status, json: String(decoding: rewritten, as: UTF8.self))
        }
        box.owner = self
    }

    func stop() { server.stop() }

    /// Every path and request body the relay forwarded to the sidecar.
    var requestBytes: Data { exchanges.reduce(into: Data()) { $0 += Data($1.path.utf8) + $1.requestBody } }

    /// The body of the first recorded exchange on `path`.
    func body(of path: String, response: Bool) -> Data? {
        exchanges.first { $0.path == path }.map { response ? $0.responseBody : $0.requestBody }
    }

    private func append(_ exchange: Exchange) { lock.withLock { recorded.append(exchange) } }

    private final class RecorderBox: @unchecked Sendable {
        weak var owner: RewritingRelay?
        func append(_ exchange: Exchange) { owner?.append(exchange) }
    }

    /// One request to 127.0.0.1:`port` over a fresh connection; the status and body of the answer.
    private static func forward(_ method: String, _ path: String, _ headers: [String: String], _ body: Data, port: Int)
        -> (Int, Data)?
    {
        guard let connection = try? RawTCPConnection(port: port) else { return nil }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        // The signature headers travel on (a relay that drops them is not a transparent one).
        for (name, value) in headers where name.hasPrefix("x-companion-") || name == "authorization" {
            head += "\(name): \(value)\r\n"
        }
        if !body.isEmpty { head += "Content-Type: application/json\r\n" }
        head += "Content-Length: \(body.count)\r\n\r\n"
        guard connection.send(Array(head.utf8) + Array(body)) else { return nil }
        // The test's deadline: the in-process sidecar answers on the pool the whole suite shares, and 10 s ran out
        // in a loaded run (a 502 from this relay, PairingV2OfflineAttackTests).
        let received = connection.readUntilClosed(timeout: TestDeadline.seconds).bytes
        guard let split = received.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        let statusLine = String(decoding: received[..<split.lowerBound], as: UTF8.self).split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        return (status, Data(received[split.upperBound...]))
    }
}
