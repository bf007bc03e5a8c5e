import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Issue 29, finding 2: a reverse proxy on the same host connects from loopback, so the routes only the workstation
/// may call (`pairing/start`, `pairing/cancel`, `pairing/last`) refuse every request that says it was forwarded,
/// and `Host` must name this machine.
@Suite struct ProxyRefusalTests {
    /// What a proxy adds, one header at a time, as nginx, Caddy, Apache, HAProxy or a CDN would send it.
    static let forwardedHeaders = [
        "X-Forwarded-For: 192.168.1.77", "Forwarded: for=192.168.1.77", "X-Real-IP: 192.168.1.77",
        "X-Forwarded-Host: workstation.lan", "X-Forwarded-Proto: http", "Via: 1.1 proxy", "Connection: close",
    ]

    static let routes: [(method: String, path: String, body: String?)] = [
        ("POST", "/companion/pairing/start", nil),
        ("POST", "/companion/pairing/cancel", #"{"pairingToken":"abc"}"#),
        ("GET", "/companion/pairing/last", nil),
    ]

    static func request(
        _ route: (method: String, path: String, body: String?), port: Int, headers: [String]
    ) async throws -> (status: Int, body: String) {
        var arguments = ["-X", route.method, "http://127.0.0.1:\(port)\(route.path)"]
        if let body = route.body { arguments += ["-H", "Content-Type: application/json", "--data", body] }
        for header in headers { arguments += ["-H", header] }
        return try await curl(arguments)
    }

    @Test func loopbackOnlyRoutesRefuseForwardedRequests() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { _, running in
            for route in Self.routes {
                for header in Self.forwardedHeaders {
                    let reply = try await Self.request(route, port: running.port, headers: [header])
                    #expect(reply.status == 403, "\(route.path) with \(header)")
                    #expect(reply.body.contains("forbidden"), "\(route.path) with \(header)")
                }
                let direct = try await Self.request(route, port: running.port, headers: [])
                #expect(direct.status == 200, "\(route.path) directly: \(direct.body)")
            }
            let reply = try await Self.request(
                Self.routes[0], port: running.port, headers: ["X-Forwarded-For: 1.2.3.4"])
            #expect(reply.body.contains("x-forwarded-for") && reply.body.contains("proxy"))
        }
    }

    /// `Host` is checked on every loopback-only route, `pairing/last` included, and an IP literal must be a
    /// loopback address or the one the sidecar binds: `Host: 10.9.8.7` names a machine this sidecar is not.
    @Test func hostMustNameThisMachineOnEveryLoopbackOnlyRoute() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { _, running in
            for route in Self.routes {
                for host in ["evil.example", "10.9.8.7", "[fe80::1]", "0.0.0.0", "192.168.1.77:7878"] {
                    let reply = try await Self.request(route, port: running.port, headers: ["Host: \(host)"])
                    #expect(reply.status == 403, "\(route.path) with Host: \(host)")
                }
                for host in ["127.0.0.1:\(running.port)", "localhost", "test-workstation", "[::1]:1", "127.0.0.2"] {
                    let reply = try await Self.request(route, port: running.port, headers: ["Host: \(host)"])
                    #expect(reply.status == 200, "\(route.path) with Host: \(host): \(reply.body)")
                }
            }
        }
    }

    /// A device's own routes are not loopback-only: a forwarded `pairing/complete` is still answered (400 for a
    /// wrong body, never 403), so only what is the workstation's alone is refused.
    @Test func pairingCompleteIsNotLoopbackOnly() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { _, running in
            let reply = try await Self.request(
                ("POST", "/companion/pairing/complete", "{}"), port: running.port,
                headers: ["X-Forwarded-For: 192.168.1.77"])
            #expect(reply.status == 400)
        }
    }
}
