import CompanionTestSupport
import Foundation
import Testing

/// `companion sidecar service`: the systemd user unit it writes is valid for systemd itself
/// (`systemd-analyze --user verify`), carries the passphrase only as a credential, and goes away on uninstall.
@Suite struct SidecarServiceTests {
    @Test func installWritesAUnitSystemdAcceptsAndUninstallRemovesIt() async throws {
        let root = try TestPaths.temporaryDirectory("service")
        defer { try? FileManager.default.removeItem(at: root) }
        let passphrase = root.appendingPathComponent("pass phrase")
        try Data("not in the unit\n".utf8).write(to: passphrase)
        chmod(passphrase.path, 0o600)
        let cli = CompanionCLI(environment: [
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "COMPANION_CONFIG": root.appendingPathComponent("none.toml").path, "COMPANION_VAULT": nil,
        ])
        let install = try await cli.run([
            "sidecar", "service", "install", "--no-start", "--host", "127.0.0.1", "--host", "192.168.1.20", "--port",
            "7979",
            "--data-dir", root.appendingPathComponent("data 100%").path, "--passphrase-file", passphrase.path, "--json",
        ])
        #expect(install.status == Exit.success, "\(install)")
        let status = try install.json()
        #expect(status["installed"]?.boolValue == true)
        let unit = root.appendingPathComponent("config/systemd/user/companion-sidecar.service")
        #expect(status["unitPath"]?.stringValue == unit.path)

        let text = try String(contentsOf: unit, encoding: .utf8)
        #expect(text.contains(#""sidecar" "serve" "--host" "127.0.0.1" "--host" "192.168.1.20" "--port" "7979""#))
        #expect(text.contains("data 100%%"), "a % in a path is escaped for systemd")
        #expect(text.contains("LoadCredential=vault-passphrase:\(passphrase.path)"))
        #expect(text.contains("COMPANION_VAULT_PASSPHRASE_FILE=%d/vault-passphrase"))
        #expect(!text.contains("not in the unit"), "the passphrase itself is never in the unit")

        let verified = try await SystemdVerify.run(unit, root: root)
        #expect(verified.status == 0, "\(verified)")
        #expect(!verified.stderr.contains(unit.lastPathComponent), "no warning about the unit: \(verified.stderr)")

        let uninstall = try await cli.run(["sidecar", "service", "uninstall", "--json"])
        #expect(uninstall.status == Exit.success, "\(uninstall)")
        #expect(try uninstall.json()["removed"]?.boolValue == true)
        #expect(!FileManager.default.fileExists(atPath: unit.path))
    }

    @Test func aFileVaultServiceNeedsAPassphraseSourceAndAPrivateFile() async throws {
        let root = try TestPaths.temporaryDirectory("service")
        defer { try? FileManager.default.removeItem(at: root) }
        let cli = CompanionCLI(environment: [
            "XDG_CONFIG_HOME": root.path, "COMPANION_VAULT": nil, "COMPANION_VAULT_PASSPHRASE_FILE": nil,
        ])
        let none = try await cli.run(["sidecar", "service", "install", "--no-start"])
        #expect(none.status == Exit.usage, "\(none)")
        #expect(none.stderr.contains("--passphrase-file"))
        let open = root.appendingPathComponent("open")
        try Data("x\n".utf8).write(to: open)
        chmod(open.path, 0o644)
        let refused = try await cli.run(["sidecar", "service", "install", "--no-start", "--passphrase-file", open.path])
        #expect(refused.status == Exit.failure, "\(refused)")
        #expect(refused.stderr.contains("chmod 600"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("systemd/user").path))
    }

    /// With no options, the unit takes the vault, profile and passphrase file from the environment, else the
    /// settings file; an option beats both.
    @Test func installTakesTheVaultProfileAndPassphraseFileFromTheEnvironmentElseTheSettingsFile() async throws {
        let root = try TestPaths.temporaryDirectory("service")
        defer { try? FileManager.default.removeItem(at: root) }
        func privateFile(_ name: String) throws -> URL {
            let file = root.appendingPathComponent(name)
            try Data("a passphrase\n".utf8).write(to: file)
            chmod(file.path, 0o600)
            return file
        }
        let fromFile = try privateFile("from-file")
        let fromEnvironment = try privateFile("from-env")
        let fromOption = try privateFile("from-option")
        let config = root.appendingPathComponent("config.toml")
        try Data("vault = \"file\"\nprofile = \"svc\"\npassphrase-file = \"\(fromFile.path)\"\n".utf8).write(to: config)
        let unit = root.appendingPathComponent("config/systemd/user/companion-sidecar.service")
        var environment: [String: String?] = [
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "COMPANION_CONFIG": config.path,
            "COMPANION_VAULT": nil, "COMPANION_PROFILE": nil, "COMPANION_VAULT_PASSPHRASE_FILE": nil,
        ]
        func install(_ extra: [String] = []) async throws -> String {
            let result = try await CompanionCLI(environment: environment).run(
                ["sidecar", "service", "install", "--no-start"] + extra)
            #expect(result.status == Exit.success, "\(extra): \(result)")
            return try String(contentsOf: unit, encoding: .utf8)
        }

        let settings = try await install()
        #expect(settings.contains("LoadCredential=vault-passphrase:\(fromFile.path)"), "\(settings)")
        #expect(settings.contains("COMPANION_PROFILE=svc") && settings.contains("COMPANION_VAULT=file"), "\(settings)")

        environment["COMPANION_VAULT_PASSPHRASE_FILE"] = fromEnvironment.path
        environment["COMPANION_PROFILE"] = "env-profile"
        let environmentUnit = try await install()
        #expect(
            environmentUnit.contains("LoadCredential=vault-passphrase:\(fromEnvironment.path)"), "\(environmentUnit)")
        #expect(environmentUnit.contains("COMPANION_PROFILE=env-profile"), "\(environmentUnit)")

        let optionUnit = try await install(["--passphrase-file", fromOption.path, "--profile", "option-profile"])
        #expect(optionUnit.contains("LoadCredential=vault-passphrase:\(fromOption.path)"), "\(optionUnit)")
        #expect(optionUnit.contains("COMPANION_PROFILE=option-profile"), "\(optionUnit)")

        environment["COMPANION_VAULT"] = "secret-service"
        let keyring = try await install()
        #expect(keyring.contains("COMPANION_VAULT=secret-service"), "\(keyring)")
    }
}
