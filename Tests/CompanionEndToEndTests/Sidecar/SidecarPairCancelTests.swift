import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// Ctrl-C on `companion sidecar pair` cancels that pairing on the sidecar; a loopback-only sidecar says that
/// other machines cannot reach it.
@Suite struct SidecarPairCancelTests {
    @Test func ctrlCCancelsThePairingOnTheSidecar() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let pair = try ProcessRunner.spawn(
            TestPaths.companionBinary.path, ["sidecar", "pair", "--url", sidecar.url, "--json"])
        defer { pair.kill(SIGKILL) }
        try await pair.waitForOutput { out, err in out.contains("\n") && err.contains("loopback only") }
        #expect(pair.stderr.contains("companion sidecar serve --host 127.0.0.1 --host <LAN address>"))
        let started = try JSONValue.parse(String(pair.stdout.prefix { $0 != "\n" }))
        let code = try #require(started["code"]?.stringValue)

        pair.kill(SIGINT)
        let finished = try await pair.finish()
        #expect(finished.status == Exit.interrupted, "\(finished)")
        #expect(finished.stdout.contains(#""event":"cancelled""#))
        #expect(finished.stderr.contains("pairing cancelled"))

        // The code stopped working at once, long before its TTL.
        let reply = try await HTTPProbe(baseURL: sidecar.baseURL).post(
            "/companion/pairing/complete", try TestDevice(name: "too late").completeBody(code: code))
        #expect(reply.status == 410, "\(reply)")
        let audit = try await CompanionCLI().run(
            ["sidecar", "audit", "--data-dir", sidecar.dataDirectory.path, "--json"])
        #expect(audit.stdout.contains("pairing_cancelled"), "\(audit)")
    }

    @Test func cancelNeedsTheTokenOfTheOpenPairing() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let start = try await sidecar.startPairing()
        let probe = HTTPProbe(baseURL: sidecar.baseURL)
        let wrong = try await probe.post(
            "/companion/pairing/cancel", try CompanionJSON.encode(PairingCancelRequest(pairingToken: "not-the-token")))
        #expect(wrong.status == 200)
        #expect(try wrong.decode(PairingCancelResponse.self).cancelled == false)
        let device = TestDevice(name: "still works")
        let token = try QRPayload.parse(start.qrPayload).token
        #expect(
            try await probe.post("/companion/pairing/complete", try device.completeBody(code: start.code, token: token))
                .status == 200)
    }
}
