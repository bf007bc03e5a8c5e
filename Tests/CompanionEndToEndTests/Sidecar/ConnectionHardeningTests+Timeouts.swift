import CompanionTestSupport
import Foundation
import Testing

/// The sidecar's timeouts against connections that hold a socket without finishing a request or reading the answer.
extension ConnectionHardeningTests {
    @Test func aSilentConnectionIsClosedAfterTheHeaderTimeout() async throws {
        try await withServer { server in
            let port = server.port
            let reply = try await offPool { try RawTCPConnection(port: port).readUntilClosed(timeout: 6) }
            #expect(reply.closed && reply.bytes.isEmpty)
        }
    }

    /// A head sent one byte at a time keeps the connection busy but never completes: closed at the header timeout.
    @Test func aHeadThatNeverCompletesIsClosedEvenWhileBytesTrickleIn() async throws {
        try await withServer { server in
            let port = server.port
            let closedAfter = try await offPool { () -> TimeInterval? in
                let connection = try RawTCPConnection(port: port)
                let start = Date()
                for byte in Array("GET /health HTTP/1.1\r\nX-Slow: ".utf8)
                    + Array(repeating: UInt8(ascii: "a"), count: 100)
                {
                    if !connection.send([byte]) || connection.isClosedByPeer { return Date().timeIntervalSince(start) }
                    Thread.sleep(forTimeInterval: 0.1)
                }
                return nil
            }
            let seconds = try #require(closedAfter, "still open after 10 s of trickling")
            #expect(seconds < 5)
        }
    }

    @Test func aKeptAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        try await withServer { server in
            let port = server.port
            let reply = try await offPool { () -> RawTCPConnection.Received in
                let connection = try RawTCPConnection(port: port)
                connection.send(Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
                return connection.readUntilClosed(timeout: 8)
            }
            #expect(reply.text.hasPrefix("HTTP/1.1 200"))
            #expect(reply.closed, "closed once idle for 2 s")
        }
    }

    /// A client that sends requests and never reads the answers cannot hold the connection (and the memory of the
    /// answers waiting for it) for ever: once nothing could be written for the idle timeout, it is closed.
    @Test func aClientThatStopsReadingIsClosedAfterTheIdleTimeout() async throws {
        try await withServer { server in
            let port = server.port
            let requests = 400
            let reply = try await offPool { () -> RawTCPConnection.Received in
                let connection = try RawTCPConnection(port: port, receiveBufferBytes: 4096)
                let request = Array("GET /openapi.yaml HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
                for _ in 0..<requests where connection.send(request) {}
                Thread.sleep(forTimeInterval: 5)  // not reading, well past the 2 s idle timeout
                return connection.readUntilClosed(timeout: 20)
            }
            let answers = reply.text.components(separatedBy: "HTTP/1.1 200").count - 1
            #expect(reply.closed)
            #expect(answers < requests, "the server gave up on the stalled answers (\(answers) of \(requests) sent)")
        }
    }
}
