import CompanionTestSupport
import Foundation
import Testing

/// `keys init --rotate` on a paired device: refused without `--force`, saying which pairing would break; with
/// `--force` the key changes and the sidecar (which knows the old key) refuses the device, as announced.
@Suite struct KeysRotatePairedTests {
    @Test func rotatingAPairedDeviceIsRefusedUnlessForced() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let (cli, id) = try await OwnerControlEndToEndTests.pairedCompanion(with: sidecar)
        let before = try await cli.json(["keys", "show"]).1["fingerprint"]?.stringValue

        let refused = try await cli.run(["keys", "init", "--rotate"])
        #expect(refused.status == Exit.failure, "\(refused)")
        #expect(refused.stderr.contains(id) && refused.stderr.contains(sidecar.url))
        #expect(refused.stderr.contains("--force"))
        #expect(try await cli.json(["keys", "show"]).1["fingerprint"]?.stringValue == before, "the key is unchanged")
        #expect(try await cli.run(["status"]).status == Exit.success, "the pairing still works")

        let forced = try await cli.run(["keys", "init", "--rotate", "--force"])
        #expect(forced.status == Exit.success, "\(forced)")
        #expect(forced.stderr.contains("no longer works"))
        #expect(try await cli.json(["keys", "show"]).1["fingerprint"]?.stringValue != before)
        #expect(try await cli.run(["status"]).status == Exit.notPaired, "the sidecar refuses the new key")
    }
}
