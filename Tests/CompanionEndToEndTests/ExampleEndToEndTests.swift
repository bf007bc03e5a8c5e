import CompanionTestSupport
import Foundation
import Testing

/// `Examples/pair-and-list`, a program built on the library products only, pairs by code with a real sidecar
/// (over v2: nothing to compare) and lists its devices, and the `companion` CLI then sees the pairing it stored
/// (same vault profile); a wrong code stores nothing.
@Suite(.timeLimit(.minutes(2)))
struct ExampleEndToEndTests {
    static var binary: String {
        TestPaths.companionBinary.deletingLastPathComponent().appendingPathComponent("pair-and-list").path
    }

    @Test func pairsByCodeAndListsDevicesWithLibraryProductsOnly() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let start = try await sidecar.startPairing()
        let result = try await ProcessRunner.run(
            Self.binary, [sidecar.url, start.code], input: "y\n", environment: cli.environment, timeout: 60)
        #expect(result.status == 0, "\(result)")
        let last = try #require(try await sidecar.client().lastPairing())
        #expect(!result.stdout.contains("Verification code"), "v2 asks nothing")
        #expect(result.stdout.contains("Paired as") && result.stdout.contains("over pairing v2"), "\(result)")
        #expect(result.stdout.contains("\(last.deviceId)  \(last.deviceName)  (this device)"))

        // The CLI reads the same vault items: it is paired, and its signed status names this device.
        let (status, json) = try await cli.json(["status"])
        #expect(status.status == Exit.success, "\(status)")
        #expect(json["thisDeviceConnected"] == .bool(true))
    }

    @Test func aWrongCodeStoresNothing() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let start = try await sidecar.startPairing()
        let wrong = String(format: "%06d", (Int(start.code)! + 1) % 1_000_000)
        let result = try await ProcessRunner.run(
            Self.binary, [sidecar.url, wrong], input: "y\n", environment: cli.environment, timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.contains("did not prove it knows this code"), "\(result)")
        let (status, _) = try await cli.json(["status", "--url", sidecar.url])
        #expect(status.stdout.contains(#""thisDevice" : null"#) || status.stdout.contains(#""thisDevice":null"#))
    }
}
