import CompanionTestSupport
import Foundation
import Testing

/// The vault items a sidecar keeps are the keys its listeners and options use: a loopback-only sidecar with push
/// off stores its identity and audit key, and no TLS or VAPID key nobody would ever use. Each item costs a write
/// to the user's keyring at first start and a read at every start.
@Suite(.enabled(if: TestKeyring.isAvailable, "needs a real keyring: run under scripts/with-keyring.sh"))
struct SidecarVaultItemsTests {
    /// The item names of `profile`, as `secret-tool` lists them.
    static func items(of profile: String) async throws -> Set<String> {
        let search = try await ProcessRunner.run(
            "secret-tool", ["search", "--all", "service", "companionkit", "profile", profile])
        let prefix = "attribute.name = "
        return Set(
            search.output.split(separator: "\n").compactMap { line in
                line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
            })
    }

    @Test func aLoopbackSidecarWithPushOffStoresOnlyItsIdentityAndAuditKey() async throws {
        let sidecar = try await SidecarProcess.start(
            SidecarOptions(arguments: ["--log-level", "warning", "--no-push"], identity: .vaultProfile))
        defer { sidecar.stop() }
        guard case .keyringProfile(let profile) = sidecar.options.identity else {
            Issue.record("a keyring profile was expected")
            return
        }
        defer { ProcessRunner.cleanUp("secret-tool", ["clear", "service", "companionkit", "profile", profile]) }
        #expect(try await Self.items(of: profile) == ["identity", "sidecar-audit-key"])
    }

    @Test func pushOnAddsTheVAPIDKeyAndStillNoTLSKey() async throws {
        let sidecar = try await SidecarProcess.start(
            SidecarOptions(arguments: ["--log-level", "warning"], identity: .vaultProfile))
        defer { sidecar.stop() }
        guard case .keyringProfile(let profile) = sidecar.options.identity else {
            Issue.record("a keyring profile was expected")
            return
        }
        defer { ProcessRunner.cleanUp("secret-tool", ["clear", "service", "companionkit", "profile", profile]) }
        #expect(try await Self.items(of: profile) == ["identity", "sidecar-audit-key", "sidecar-vapid-key"])
    }
}
