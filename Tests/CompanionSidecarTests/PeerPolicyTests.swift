import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// `pairing/start` only from the workstation itself: the loopback predicate, then real non-loopback peers.
@Suite struct PeerPolicyTests {
    @Test(arguments: ["127.0.0.1", "127.0.0.2", "127.255.255.254", "::1", "::ffff:127.0.0.1"])
    func loopbackAddresses(address: String) {
        #expect(PeerAddress.isLoopback(ipAddress: address))
    }

    @Test(arguments: [
        "192.168.1.20", "10.0.0.1", "0.0.0.0", "128.0.0.1", "::", "::2", "fe80::1", "::ffff:192.168.1.20",
        "::ffff:128.0.0.1", "localhost", "", "127.0.0.1 ", "127.0.0.1.evil", "1.127.0.0",
    ])
    func nonLoopbackAddresses(address: String) {
        #expect(!PeerAddress.isLoopback(ipAddress: address))
    }

    /// The machine's own LAN address, a listener of its own beside loopback's (HTTPS, reached with the pin, as a
    /// phone would): the peer is that LAN address, so the sidecar sees a non-loopback peer as it would for a phone.
    @Test(.enabled(if: NetworkInterfaces.firstLANIPv4() != nil))
    func startFromLANAddressIsRefusedButCompleteIsAllowed() async throws {
        let lan = try #require(NetworkInterfaces.firstLANIPv4())
        let fixture = try SidecarFixture(moreHosts: [lan])
        defer { fixture.remove() }
        try await fixture.live { loopback, running in
            let listener = running.address.listeners[1]
            let pin = try #require(running.address.tlsPin)
            #expect(listener.security == .tls)
            let pinned = ["-k", "--pinnedpubkey", pin.description, "-H", "Content-Type: application/json"]
            let refused = try await curl(pinned + ["-X", "POST", listener.url + "/companion/pairing/start"])
            #expect(refused.status == 403 && refused.body.contains("forbidden"))
            let started = try await loopback.startPairing()
            let payload = try QRPayload.parse(started.qrPayload)
            #expect(payload.url == listener.url && payload.tlsPin == pin)
            let body = String(decoding: try TestDevice().completeBody(code: started.code), as: UTF8.self)
            let completed = try await curl(pinned + ["-d", body, listener.url + "/companion/pairing/complete"])
            #expect(completed.status == 200, "\(completed.body)")
            let audit = try await fixture.sidecar.registry.auditLog()
            #expect(audit.contains { $0.event == .paired && $0.peer == lan })
        }
    }

    @Test func anotherLoopbackAddressIsStillLoopback() async throws {
        let fixture = try SidecarFixture(host: "127.0.0.2")
        defer { fixture.remove() }
        try await fixture.live { probe, running in
            #expect(running.baseURL.absoluteString == "http://127.0.0.2:\(running.port)")
            let reply = try await probe.post("/companion/pairing/start")
            #expect(reply.status == 200)
        }
    }

    /// DNS rebinding: a page at `evil.example` whose name resolves to 127.0.0.1 sends `Host: evil.example`.
    @Test func startThroughForeignHostNameIsRefused() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { _, running in
            let url = "http://127.0.0.1:\(running.port)/companion/pairing/start"
            let evil = try await curl(["-X", "POST", "-H", "Host: evil.example:\(running.port)", url])
            #expect(evil.status == 403)
            #expect(evil.body.contains("forbidden"))
            let local = try await curl(["-X", "POST", "-H", "Host: localhost:\(running.port)", url])
            #expect(local.status == 200)
            let own = try await curl(["-X", "POST", "-H", "Host: test-workstation", url])
            #expect(own.status == 200)
        }
    }

    @Test func chunkedOversizedBodyIs413() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { _, running in
            let file = fixture.directory.appendingPathComponent("big.json")
            try Data(repeating: UInt8(ascii: " "), count: 200_000).write(to: file)
            let reply = try await curl([
                "-X", "POST", "-H", "Transfer-Encoding: chunked", "-H", "Content-Type: application/json",
                "--data-binary", "@\(file.path)", "http://127.0.0.1:\(running.port)/companion/pairing/complete",
            ])
            #expect(reply.status == 413)
        }
    }
}

/// Runs curl (for requests URLSession will not make: a forged `Host` header, a huge chunked body) and returns
/// the HTTP status and the body.
func curl(_ arguments: [String]) async throws -> (status: Int, body: String) {
    let result = try await ProcessRunner.run("curl", ["-sS", "-o", "-", "-w", "\n%{http_code}"] + arguments)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    return (Int(lines.last ?? "") ?? 0, lines.dropLast().joined(separator: "\n"))
}
