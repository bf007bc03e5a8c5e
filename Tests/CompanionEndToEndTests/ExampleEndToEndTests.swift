import CompanionTestSupport
import Foundation
import Testing

/// `Examples/pair-and-list`, a program built on the library products only, pairs by code with a real sidecar
/// and lists its devices; the verification code it confirms is the one the workstation shows, and the
/// `companion` CLI then sees the pairing it stored (same vault profile).
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
        let code = try #require(last.verificationCode)
        #expect(result.stdout.contains("Verification code: \(code)."), "asks about the workstation's code")
        #expect(result.stdout.contains("Paired as"))
        #expect(result.stdout.contains("\(last.deviceId)  \(last.deviceName)  (this device)"))

        // The CLI reads the same vault items: it is paired, and its signed status names this device.
        let (status, json) = try await cli.json(["status"])
        #expect(status.status == Exit.success, "\(status)")
        #expect(json["thisDeviceConnected"] == .bool(true))
    }

    @Test func aRefusedVerificationStoresNothing() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let start = try await sidecar.startPairing()
        let result = try await ProcessRunner.run(
            Self.binary, [sidecar.url, start.code], input: "n\n", environment: cli.environment, timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.contains("pairing not confirmed"))
        let (status, _) = try await cli.json(["status", "--url", sidecar.url])
        #expect(status.stdout.contains(#""thisDevice" : null"#) || status.stdout.contains(#""thisDevice":null"#))
    }
}
