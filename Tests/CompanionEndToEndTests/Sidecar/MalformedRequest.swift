import CompanionTestSupport
import Foundation
import Testing

/// A request no HTTP/1.1 server should accept, as the adversarial audit sent them.
struct MalformedRequest: Sendable {
    let name: String
    let bytes: [UInt8]

    static let all: [MalformedRequest] = [
        .init(name: "unknown method", bytes: Array("FOO / HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        .init(name: "lowercase method", bytes: Array("get /health HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        .init(name: "HTTP/0.9", bytes: Array("GET /health\r\n\r\n".utf8)),
        .init(
            name: "TLS ClientHello",
            bytes: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03] + Array(repeating: 0, count: 64)),
        .init(
            name: "1 MB header",
            bytes: Array("GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ".utf8) + Array(repeating: 0x61, count: 1 << 20)
                + Array("\r\n\r\n".utf8)),
        .init(
            name: "10,000 headers",
            bytes: Array(
                ("GET /health HTTP/1.1\r\nHost: x\r\n" + (0..<10_000).map { "X-\($0): y\r\n" }.joined() + "\r\n").utf8)),
        .init(
            name: "100 KB path",
            bytes: Array(("GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n").utf8)),
        .init(
            name: "bad Content-Length",
            bytes: Array("POST /companion/pairing/complete HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n".utf8)),
        .init(
            name: "Content-Length with Transfer-Encoding",
            bytes: Array(
                ("POST /companion/pairing/complete HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n").utf8)),
        .init(name: "bare LF", bytes: Array("GET /health HTTP/1.1\nHost: x\n\n".utf8)),
        .init(name: "NUL in the path", bytes: Array("GET /hea\u{0}lth HTTP/1.1\r\nHost: x\r\n\r\n".utf8)),
        .init(
            name: "negative Content-Length",
            bytes: Array("POST /companion/pairing/complete HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n".utf8)),
        .init(
            name: "two Content-Lengths",
            bytes: Array(
                "POST /companion/pairing/complete HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab"
                    .utf8)),
        .init(name: "space before colon", bytes: Array("GET /health HTTP/1.1\r\nHost : x\r\n\r\n".utf8)),
        .init(name: "HTTP/2 preface", bytes: Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)),
        .init(name: "binary garbage", bytes: [0xff, 0xfe, 0xfd, 0x0d, 0x0a, 0x0d, 0x0a]),
    ]
}
