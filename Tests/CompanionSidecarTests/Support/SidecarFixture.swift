import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionPush
import CompanionSidecar
import CompanionTestSupport
import Foundation

/// A sidecar on a fresh data directory with a manual clock, for router and live tests.
struct SidecarFixture {
    let directory: URL
    let clock: ManualClock
    let sidecar: Sidecar

    /// `signed`: enforce signed requests (the default of a real sidecar) instead of the MVP shapes.
    init(
        host: String = "127.0.0.1", policy: PairingPolicy = PairingPolicy(), clock: ManualClock = ManualClock(),
        signed: Bool = false, taskAPIKey: TaskAPIKey? = nil, moreHosts: [String] = [], push: PushSettings? = nil
    ) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("companion-sidecar-tests-\(UUID().uuidString)")
        self.clock = clock
        var configuration = SidecarConfiguration(
            host: host, port: 0, dataDirectory: directory, hostName: "test-workstation", maxBodyBytes: 4096,
            originPolicy: OriginPolicy(extraOrigins: ["http://192.168.1.5:19006"]), pairing: policy,
            // Contract tests of the brief's MVP shapes: device routes unsigned here. Signed-request
            // enforcement (the default) is covered by TrustAttackTests, CrashTests and the end-to-end tests.
            requireSignedRequests: signed)
        configuration.taskAPIKey = taskAPIKey
        configuration.hosts += moreHosts
        configuration.push = push
        sidecar = try Sidecar(configuration: configuration, logLevel: .warning, now: { clock.now })
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Runs `body` against this sidecar served on an ephemeral loopback port.
    func live<T>(_ body: (HTTPProbe, RunningSidecar) async throws -> T) async throws -> T {
        let running = try await sidecar.start()
        do {
            let result = try await body(HTTPProbe(baseURL: running.baseURL), running)
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }
}

/// A code that is valid in format but not `code` (for wrong-code attempts).
func otherCode(than code: String) -> String {
    let number = (Int(code)! + 1) % 1_000_000
    let digits = String(number)
    return String(repeating: "0", count: 6 - digits.count) + digits
}
