import CompanionTestSupport
import Foundation
import Testing

/// The companion's capturing handshake (`TLSProbe`) when the connection itself fails: a clear network error, never
/// a crash. It left a promise pending when the TCP connection was refused, which NIO traps on in a debug build
/// (exit 132, "leaking promise created at … TLSProbe.swift").
@Suite struct TLSProbeEndToEndTests {
    @Test func aRefusedConnectionIsANetworkErrorNotACrash() async throws {
        // The discard port, where nothing listens (as the other tests of an unreachable sidecar use).
        let cli = CompanionCLI()
        let result = try await cli.run(["pair", "code", "123456", "--url", "https://127.0.0.1:9"])
        #expect(result.status == Exit.network, "\(result)")
        #expect(!result.stderr.contains("Fatal error"), "\(result)")
        #expect(try await cli.run(["status"]).status == Exit.notPaired, "nothing was stored")
    }
}
