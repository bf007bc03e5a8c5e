import CompanionTestSupport
import Foundation
import Testing

/// A sidecar serving HTTPS keeps its TLS key in its vault profile: the pin paired devices hold survives a restart.
/// The sidecar makes that key only when a listener serves its self-signed certificate (a loopback one makes none:
/// `SidecarVaultItemsTests`), so this is the test that the key is still made, stored and used when one does.
@Suite(
    .enabled(if: ConfinedLAN.isAvailable && TestKeyring.isAvailable, "needs root, avahi-daemon and a real keyring"))
struct VaultTLSKeyEndToEndTests {
    @Test func aSidecarServingTLSKeepsItsKeyInItsVaultAcrossRestarts() async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        let profile = TestKeyring.uniqueProfile()
        defer { ProcessRunner.cleanUp("secret-tool", ["clear", "service", "companionkit", "profile", profile]) }
        let first = try await TLSSidecar.start(lan, name: "vault-tls", vaultProfile: profile)
        first.process.kill(SIGTERM)
        _ = try await first.process.finish(timeout: TestDeadline.seconds)
        let items = try await SidecarVaultItemsTests.items(of: profile)
        #expect(items.contains("sidecar-tls-key"), "\(items)")

        // The certificate kept in the data directory is removed, so the second start issues one again from the
        // vault's key: the same pin only if the key was kept.
        try? FileManager.default.removeItem(
            at: lan.directory.appendingPathComponent("vault-tls/tls-certificate.der"))
        let second = try await TLSSidecar.start(lan, name: "vault-tls", vaultProfile: profile)
        defer { second.process.kill(SIGKILL) }
        #expect(second.pin == first.pin)
        #expect(try await second.curl(lan, second.lanURL + "/health") == "200")
        second.process.kill(SIGTERM)
        _ = try await second.process.finish(timeout: TestDeadline.seconds)
    }
}
