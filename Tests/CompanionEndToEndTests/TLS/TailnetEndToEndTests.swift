import CompanionTestSupport
import Foundation
import Testing

/// Tailnet addresses (no real Tailscale: a tailnet-shaped address given to the test's own namespace) are a private
/// overlay: their listeners serve HTTPS even with `--insecure-http`, which still makes a LAN address plain.
@Suite(.enabled(if: ConfinedLAN.isAvailable), .serialized) struct TailnetEndToEndTests {
    static let tailnetV4 = "100.101.102.103"
    static let tailnetV6 = "fd7a:115c:a1e0::53"

    @Test func tailnetListenersServeHTTPSEvenWithInsecureHTTP() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        for command in [
            ["ip", "address", "add", "\(Self.tailnetV4)/32", "dev", "lo"],
            ["ip", "-6", "address", "add", "\(Self.tailnetV6)/128", "dev", "lo", "nodad"],
        ] {
            let added = try await lan.run(command)
            #expect(added.status == 0, "\(added)")
        }
        let sidecar = try await TLSSidecar.start(
            lan, hosts: [Self.tailnetV4, Self.tailnetV6, ConfinedLAN.address], arguments: ["--insecure-http"])
        defer { sidecar.process.kill(SIGTERM) }
        let port = sidecar.port
        guard case .array(let listeners)? = sidecar.announcement["listeners"] else {
            Issue.record("no listeners: \(sidecar.announcement)")
            return
        }
        #expect(
            listeners == [
                .string("http://127.0.0.1:\(port)"), .string("https://\(Self.tailnetV4):\(port)"),
                .string("https://[\(Self.tailnetV6)]:\(port)"), .string("http://\(ConfinedLAN.address):\(port)"),
            ])
        #expect(try await sidecar.curl(lan, "https://\(Self.tailnetV4):\(port)/health") == "200")
        #expect(try await sidecar.curl(lan, "https://[\(Self.tailnetV6)]:\(port)/health") == "200")
        #expect(try await sidecar.curl(lan, "http://\(ConfinedLAN.address):\(port)/health") == "200")
        let plain = try await lan.run(
            [
                "curl", "-s", "--max-time", "5", "-o", "/dev/null", "-w", "%{http_code}",
                "http://\(Self.tailnetV4):\(port)/health",
            ])
        #expect(plain.stdout != "200", "plain HTTP answered on a tailnet address: \(plain)")
        let health = try await lan.run(
            ["curl", "-s", "--max-time", "5", "http://\(ConfinedLAN.address):\(port)/health"])
        #expect(health.stdout.contains("\"insecureHTTP\":true"), "\(health)")
        let stderr = sidecar.process.stderr
        #expect(stderr.contains("--insecure-http does not apply to tailnet addresses"), "\(stderr)")
    }
}
