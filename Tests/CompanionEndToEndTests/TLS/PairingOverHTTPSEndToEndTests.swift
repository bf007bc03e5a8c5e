import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// The companion against a real sidecar serving HTTPS on a LAN address of the test's own namespace: `pair code`
/// (pairing v2 binding the key the connection presented, the sidecar binding its own) and `pair scan` (the QR
/// code's `tlsPin`, in its JSON form and in the phone link the QR image holds since issue 31) all pair, store the
/// sidecar's pin, and `status` then goes over the pinned connection.
@Suite(.enabled(if: ConfinedLAN.isAvailable), .serialized) struct PairingOverHTTPSEndToEndTests {
    @Test(arguments: ["code", "json", "link"])
    func pairingOverHTTPSBindsAndPinsTheSidecarsKey(form: String) async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let sidecar = try await TLSSidecar.start(lan)
        defer { sidecar.process.kill(SIGTERM) }
        let started = try await lan.run([
            "curl", "-s", "-X", "POST", "-H", "Content-Type: application/json", "-d", "{}",
            "http://127.0.0.1:\(sidecar.port)/companion/pairing/start",
        ])
        let start = try CompanionJSON.decode(PairingStartResponse.self, from: Data(started.stdout.utf8))
        let payload = try QRPayload.parse(start.qrPayload)
        #expect(payload.url == sidecar.lanURL, "the QR code names the HTTPS listener")
        #expect(payload.tlsPin?.description == sidecar.pin)
        let cli = CompanionCLI()
        let arguments: [String]
        var image: String?
        let link = try #require(payload.appURL)
        #expect(link.hasPrefix(sidecar.lanURL + "/app/#pair=1.\(start.code)."))
        if form != "code" {
            image = try await QRImages.write(form == "link" ? link : start.qrPayload, with: .companionQR)
            arguments = ["pair", "scan", try #require(image)]
        } else {
            arguments = ["pair", "code", start.code, "--url", sidecar.lanURL]
        }
        defer { if let image { try? FileManager.default.removeItem(atPath: image) } }
        let companion = TestPaths.companionBinary.path
        let paired = try await lan.run([companion] + arguments + ["--json"], environment: cli.environment)
        #expect(paired.status == 0, "\(paired)")
        #expect(try paired.json()["pairingVersion"] == .integer(2), "\(paired)")
        let status = try await lan.run([companion, "status", "--json"], environment: cli.environment)
        #expect(status.status == 0, "\(status)")
        #expect(try status.json()["connected"]?.boolValue == true, "\(status)")
    }
}
