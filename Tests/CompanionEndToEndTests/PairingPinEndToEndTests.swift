import CompanionTestSupport
import Foundation
import Testing

/// Through the CLI, against real sidecar processes: after a v2 pairing, another sidecar (another key) answering at
/// the same URL is refused by `companion pair code`, and `--pairing-version 1` does not get around it.
@Suite struct PairingPinEndToEndTests {
    @Test func anotherKeyAtThePinnedURLIsRefusedWithoutFallingBackToV1() async throws {
        let cli = CompanionCLI()
        let first = try await SidecarProcess.start(SidecarOptions(identity: .ephemeral))
        let url = first.url
        _ = try await ConnectionEndToEndTests.pair(cli, first, name: "Phone")
        await first.stopAndWait()

        var options = SidecarOptions(identity: .ephemeral)
        options.port = first.port
        let second = try await SidecarProcess.start(options)
        defer { second.stop() }
        #expect(second.url == url)
        let code = try await second.startPairing().code
        let refused = try await cli.run(["pair", "code", code, "--url", url, "--name", "Phone"])
        FailureOutput.expect(
            refused, status: Exit.trust, mentioning: "this device pinned when it paired with it over v2")
        let downgraded = try await cli.run([
            "pair", "code", code, "--url", url, "--name", "Phone", "--pairing-version", "1",
        ])
        FailureOutput.expect(downgraded, status: Exit.trust, mentioning: "refusing to pair over v1")
        // Neither cost the second sidecar an attempt, nor registered anything there.
        let offer = try await ProcessRunner.run("/usr/bin/curl", ["-sf", url + "/companion/pairing/v2/offer"])
        #expect(try offer.json()["attemptsLeft"] == .integer(5), "\(offer)")
        let devices = try await CompanionCLI().run([
            "sidecar", "devices", "list", "--data-dir", second.dataDirectory.path, "--json",
        ])
        #expect(try devices.json()["devices"]?.arrayValue?.isEmpty == true, "\(devices)")
    }
}
