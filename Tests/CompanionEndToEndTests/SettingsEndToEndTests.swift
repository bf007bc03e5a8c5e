import CompanionTestSupport
import Foundation
import Testing

/// The settings file (`COMPANION_CONFIG`), as the real binary reads it: an option beats the environment, which
/// beats the file (here because the vault's passphrase file and data directory are read from the process's
/// environment). An invalid file stopping every command: `SettingsFileTests` (CompanionCLITests), in process.
@Suite struct SettingsEndToEndTests {
    /// A private directory with `config.toml` holding `text`.
    static func settings(_ text: String) throws -> (directory: URL, file: URL) {
        let directory = try TestPaths.temporaryDirectory("settings")
        let file = directory.appendingPathComponent("config.toml")
        try Data(text.utf8).write(to: file)
        return (directory, file)
    }

    @Test func anOptionBeatsTheEnvironmentWhichBeatsTheFile() async throws {
        let (directory, file) = try Self.settings("")
        defer { try? FileManager.default.removeItem(at: directory) }
        let passphrase = directory.appendingPathComponent("passphrase")
        try Data("a passphrase from the settings file\n".utf8).write(to: passphrase)
        chmod(passphrase.path, 0o600)
        try Data(
            """
            vault = "file"
            profile = "from-file"
            passphrase-file = "\(passphrase.path)"

            """.utf8
        ).write(to: file)
        // Only the file speaks: no vault, profile or passphrase in the environment.
        var environment: [String: String?] = [
            "COMPANION_CONFIG": file.path, "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "COMPANION_VAULT": nil, "COMPANION_PROFILE": nil, "COMPANION_VAULT_PASSPHRASE": nil,
            "COMPANION_VAULT_PASSPHRASE_FILE": nil,
        ]
        func keysInit(_ extra: [String] = []) async throws -> (ProcessRunner.Result, JSONValue?) {
            let result = try await CompanionCLI(environment: environment).run(
                ["keys", "init", "--json"] + extra, stdin: "")
            let document = try? JSONValue.parse(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            return (result, document?["identity"])
        }

        let (fromFile, fileJSON) = try await keysInit()
        #expect(fromFile.status == 0, "\(fromFile)")
        #expect(fileJSON?["backend"]?.stringValue == "file" && fileJSON?["profile"]?.stringValue == "from-file")

        environment["COMPANION_PROFILE"] = "from-env"
        let (fromEnvironment, environmentJSON) = try await keysInit()
        #expect(fromEnvironment.status == 0, "\(fromEnvironment)")
        #expect(environmentJSON?["profile"]?.stringValue == "from-env", "\(fromEnvironment)")

        let (fromOption, optionJSON) = try await keysInit(["--profile", "from-option"])
        #expect(fromOption.status == 0, "\(fromOption)")
        #expect(optionJSON?["profile"]?.stringValue == "from-option", "\(fromOption)")

        // The backend: an environment value beats the file's (an invalid one is refused, not passed over) ...
        environment["COMPANION_VAULT"] = "plaintext"
        let (refused, _) = try await keysInit(["--profile", "env-backend"])
        #expect(refused.status == 64 && refused.stderr.contains("COMPANION_VAULT=plaintext"), "\(refused)")
        // ... and the option beats the environment.
        let (chosen, chosenJSON) = try await keysInit(["--profile", "option-backend", "--vault", "file"])
        #expect(chosen.status == 0 && chosenJSON?["backend"]?.stringValue == "file", "\(chosen)")
    }
}
