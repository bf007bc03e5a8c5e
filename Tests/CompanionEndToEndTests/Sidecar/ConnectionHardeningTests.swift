import CompanionTestSupport
import Foundation
import Testing

/// The real sidecar process against connections that hold resources without doing work and requests no HTTP
/// parser should accept (issue 11, defect 2). The server runs under a soft descriptor limit of 1024, as on many
/// machines, with short timeouts so the test does not wait.
@Suite(.serialized) struct ConnectionHardeningTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("companion-conn-\(UUID().uuidString)")

    func withServer(
        _ arguments: [String] = ["--header-timeout", "1", "--idle-timeout", "2"],
        _ body: (SidecarProcess) async throws -> Void
    ) async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try await SidecarProcess.start(
            SidecarOptions(
                dataDirectory: root.appendingPathComponent("data"), logFile: root.appendingPathComponent("server.log"),
                arguments: arguments + ["--log-level", "warning"], softDescriptorLimit: 1024, identity: .ephemeral))
        do { try await body(server) } catch {
            _ = try? await server.terminate()
            throw error
        }
        #expect(try await server.terminate() == 0)
    }

    /// One request on a fresh connection: what came back before the server closed it (or `timeout` passed).
    static func exchange(port: Int, _ bytes: [UInt8], timeout: TimeInterval = 20) async throws
        -> RawTCPConnection.Received
    {
        try await offPool {
            let connection = try RawTCPConnection(port: port)
            connection.send(bytes)
            return connection.readUntilClosed(timeout: timeout)
        }
    }

    static let health = Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)

    @Test func theSoftDescriptorLimitIsRaisedToTheHardLimit() async throws {
        try await withServer { server in
            let limits = try server.descriptorLimits()
            #expect(limits.soft == limits.hard, "started with a soft limit of 1024")
        }
    }

    /// The audit: 1,100 idle sockets under a 1024-descriptor limit made `/health` time out. Now 5,000 are held
    /// and every `/health` is still answered (idle ones are shed at the cap or time out). The idle sockets are held
    /// by a separate process: descriptors above 1024 in this one would break Foundation's `select`-based sockets.
    @Test func healthIsAnsweredWhileThousandsOfIdleSocketsAreHeld() async throws {
        try await withServer(["--header-timeout", "30", "--idle-timeout", "60"]) { server in
            let holder = try await IdleSocketHolder.start(port: server.port, count: 5_000)
            #expect(holder.held >= 1_100, "more idle sockets than the server's original descriptor limit")
            // Answered, however slowly a loaded machine answers (a run at load 18 took more than the default 5 s):
            // starved, it would never be.
            for attempt in 0..<50 {
                let reply = try await Self.exchange(port: server.port, Self.health, timeout: 60)
                #expect(
                    reply.text.hasPrefix("HTTP/1.1 200"),
                    """
                    attempt \(attempt): "\(reply.text.prefix(60))", closed \(reply.closed), errno \
                    \(reply.error.map(String.init) ?? "none"), \(reply.socketState), server port \(server.port)
                    """)
            }
            try await holder.stop()
        }
    }

    /// At the cap, the connection idle the longest is closed to make room for a new one.
    @Test func theLongestIdleConnectionIsShedAtTheCap() async throws {
        try await withServer(["--max-connections", "16", "--header-timeout", "30", "--idle-timeout", "60"]) { server in
            let port = server.port
            // Each connection is answered once and kept alive before the next one opens, so the server has
            // admitted them in this order and their last activity is strictly ordered. (Sockets merely opened 20 ms
            // apart are admitted on the event loops in turn, so out of order when one loop is late under load; the
            // server then rightly shed another connection than the first, and the test failed under load.)
            let keepAlive = Array("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
            let idle = try await offPool {
                try (0..<16).map { index in
                    let connection = try RawTCPConnection(port: port)
                    connection.send(keepAlive)
                    _ = try #require(connection.readResponse(timeout: 30), "no answer on idle connection \(index)")
                    return connection
                }
            }
            let reply = try await Self.exchange(port: port, Self.health)
            #expect(reply.text.hasPrefix("HTTP/1.1 200"))
            let oldestClosed = try await offPool { idle[0].readUntilClosed(timeout: 5).closed }
            #expect(oldestClosed, "the oldest idle connection makes room")
            #expect(!idle[15].isClosedByPeer, "the newest idle connection stays")
        }
    }

    /// Sixteen malformed requests that used to get no answer on a socket never closed: each now gets a 400 (or a
    /// close) at once.
    @Test func everyMalformedRequestIsAnsweredAndClosedAtOnce() async throws {
        try await withServer(["--header-timeout", "30", "--idle-timeout", "60"]) { server in
            for request in MalformedRequest.all {
                // "At once": well before the 30 s header timeout (a loaded machine may take seconds to answer).
                let reply = try await Self.exchange(port: server.port, request.bytes, timeout: 15)
                #expect(reply.closed, "\(request.name): the connection must be closed")
                #expect(
                    reply.bytes.isEmpty || reply.text.hasPrefix("HTTP/1.1 400"),
                    "\(request.name): \(reply.text.prefix(80))")
            }
            let after = try await Self.exchange(port: server.port, Self.health)
            #expect(after.text.hasPrefix("HTTP/1.1 200"), "the server still answers")
        }
    }

    @Test func anHTTP10RequestsConnectionIsClosedAfterTheAnswer() async throws {
        try await withServer(["--header-timeout", "30", "--idle-timeout", "60"]) { server in
            let reply = try await Self.exchange(
                port: server.port, Array("GET /health HTTP/1.0\r\n\r\n".utf8), timeout: 15)
            #expect(reply.text.hasPrefix("HTTP/1.1 200"))
            #expect(reply.text.lowercased().contains("connection: close"))
            #expect(reply.closed)
        }
    }

    @Test func headOfHealthAnswersWithoutABody() async throws {
        try await withServer { server in
            let reply = try await Self.exchange(
                port: server.port, Array("HEAD /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
            #expect(reply.text.hasPrefix("HTTP/1.1 200"))
            #expect(reply.text.hasSuffix("\r\n\r\n"), "no body after the head")
        }
    }

    /// Pipelined requests each keep their own `Connection` decision: the first is answered and kept, the second
    /// (`Connection: close`) is answered too, then the connection closes.
    @Test func pipelinedRequestsAreAllAnsweredBeforeAClose() async throws {
        try await withServer { server in
            let both =
                "GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
            let reply = try await Self.exchange(port: server.port, Array(both.utf8))
            #expect(reply.text.components(separatedBy: "HTTP/1.1 200").count == 3, "\(reply.text)")
            #expect(reply.closed)
        }
    }

    /// An answer to HEAD has no body, errors included (a body would be read as the next answer).
    @Test func headErrorsHaveNoBody() async throws {
        try await withServer { server in
            for path in ["/companion/devices", "/no/such/path"] {
                let reply = try await Self.exchange(
                    port: server.port,
                    Array("HEAD \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
                #expect(reply.text.hasPrefix("HTTP/1.1 4"), "\(path): \(reply.text.prefix(40))")
                #expect(reply.text.hasSuffix("\r\n\r\n"), "\(path): no body after the head")
            }
        }
    }
}
