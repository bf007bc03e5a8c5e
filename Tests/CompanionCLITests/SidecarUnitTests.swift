import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionCLI

/// The systemd user unit `companion sidecar service install` writes, for the cases the installing tests do not
/// reach (an encrypted credential, the Secret Service vault): valid for systemd itself (`systemd-analyze --user
/// verify`).
@Suite struct SidecarUnitTests {
    @Test func theUnitForAnEncryptedCredentialAndTheSecretService() async throws {
        let root = try TestPaths.temporaryDirectory("service")
        defer { try? FileManager.default.removeItem(at: root) }
        for unit in [
            SidecarUnit(
                executable: "/usr/bin/true", serveArguments: [], profile: "work",
                passphrase: .encrypted("/home/u/.config/companion/passphrase.cred")),
            SidecarUnit(executable: "/usr/bin/true", serveArguments: ["--port", "0"], vault: "secret-service"),
        ] {
            let file = root.appendingPathComponent("companion-sidecar.service")
            try Data(unit.text.utf8).write(to: file)
            let verified = try await SystemdVerify.run(file, root: root)
            #expect(verified.status == 0, "\(verified)")
            #expect(!verified.stderr.contains(file.lastPathComponent), "\(unit.text)\n\(verified.stderr)")
        }
    }
}
