import CompanionSidecar
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 29, finding 8: development origins are opt-in (`--cors-origin`), and the pairing routes never answer a
/// browser with CORS headers, whatever its origin.
@Suite struct CORSPolicyTests {
    @Test(arguments: [
        "http://localhost:8081", "http://127.0.0.1:3000", "http://[::1]:5173", "https://localhost", "http://localhost",
    ])
    func localDevelopmentOriginsAreNotAllowedByDefault(origin: String) async throws {
        #expect(!OriginPolicy().allows(origin))
        #expect(OriginPolicy(extraOrigins: [origin]).allows(origin))
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let preflight = try await client.execute(
                uri: "/companion/devices/x", method: .options,
                headers: [.origin: origin, .accessControlRequestMethod: "DELETE"])
            #expect(preflight.status == .forbidden)
            #expect(preflight.headers[.accessControlAllowOrigin] == nil)
            let read = try await client.execute(uri: "/companion/status", method: .get, headers: [.origin: origin])
            #expect(read.headers[.accessControlAllowOrigin] == nil)
            let start = try await client.execute(
                uri: "/companion/pairing/start", method: .post, headers: [.origin: origin])
            #expect(start.status == .forbidden)
            #expect(start.headers[.accessControlAllowOrigin] == nil)
        }
    }

    /// `http://192.168.1.5:19006` is configured in ``SidecarFixture``: it gets CORS on `/companion/status`, and
    /// none on any pairing route, where its preflights and state changes are refused.
    @Test func pairingRoutesNeverGetCORSHeadersEvenForAConfiguredOrigin() async throws {
        let origin = "http://192.168.1.5:19006"
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let status = try await client.execute(uri: "/companion/status", method: .get, headers: [.origin: origin])
            #expect(status.headers[.accessControlAllowOrigin] == origin)
            for path in [
                "/companion/pairing/start", "/companion/pairing/cancel", "/companion/pairing/complete",
                "/companion/pairing/last", "/companion/pairing/v2/exchange",
                // Spelled so that a prefix check misses them while the router (which drops empty segments) does not.
                "//companion/pairing/start", "/companion//pairing/last", "/Companion/Pairing/start",
                "/companion/%70airing/start",
            ] {
                let preflight = try await client.execute(
                    uri: path, method: .options, headers: [.origin: origin, .accessControlRequestMethod: "POST"])
                #expect(preflight.status == .forbidden, "\(path)")
                #expect(preflight.headers[.accessControlAllowOrigin] == nil, "\(path)")
                let post = try await client.execute(uri: path, method: .post, headers: [.origin: origin])
                #expect(post.status == .forbidden, "\(path)")
                #expect(post.headers[.accessControlAllowOrigin] == nil, "\(path)")
            }
            for path in ["/companion/pairing/last", "//companion//pairing/last"] {
                let last = try await client.execute(uri: path, method: .get, headers: [.origin: origin])
                #expect(last.headers[.accessControlAllowOrigin] == nil, "\(path)")
            }
        }
    }
}
