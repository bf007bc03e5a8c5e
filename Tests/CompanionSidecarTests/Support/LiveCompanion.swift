import CompanionKit
import CompanionSidecar
import CompanionTestSupport
import CompanionVault
import Foundation

/// What a live test of CompanionKit against an in-process sidecar needs besides the sidecar: a companion with a
/// fresh file vault, and the sidecar served on loopback for the test's body.
enum LiveCompanion {
    /// A companion whose file vault (cheapest Argon2id costs) lives under `directory`.
    static func companion(in directory: URL) throws -> Companion {
        let vault = FileVault(
            profile: try VaultProfile("default"), directory: directory.appendingPathComponent("vault"),
            parameters: .minimum, passphrase: .fixed("correct horse battery staple"))
        // Timing is not what these tests are about (see TestDeadline: 5 s and 10 s deadlines failed under load).
        return Companion(vault: vault, timeout: TestDeadline.seconds)
    }

    /// Serves `sidecar` on loopback, runs `body` with its base URL, stops it, and removes `directory`.
    static func serve(_ sidecar: Sidecar, removing directory: URL, _ body: (String) async throws -> Void)
        async throws
    {
        defer { try? FileManager.default.removeItem(at: directory) }
        let running = try await sidecar.start()
        do { try await body(running.baseURL.absoluteString) } catch {
            await running.stop()
            throw error
        }
        await running.stop()
    }
}
