import CompanionTestSupport
import Foundation
import Testing

/// The settings file (`COMPANION_CONFIG`), as the real binary reads it: an invalid file stops every command with
/// exit 64 and the key named, and an option beats the environment, which beats the file.
@Suite struct SettingsEndToEndTests {
    static let dead = "http://127.0.0.1:9"

    /// A private directory with `config.toml` holding `text`.
    static func settings(_ text: String) throws -> (directory: URL, file: URL) {
        let directory = try TestPaths.temporaryDirectory("settings")
        let file = directory.appendingPathComponent("config.toml")
        try Data(text.utf8).write(to: file)
        return (directory, file)
    }

    /// Commands that read different option groups (vault, sidecar URL with and without --url, owner, pairing,
    /// none at all): each must refuse the file.
    static let commands: [[String]] = [
        ["status", "--url", dead], ["tasks", "list", "--url", dead], ["projects", "--url", dead],
        ["sidecar", "devices", "list", "--data-dir", "/nonexistent/settings-e2e"], ["sidecar", "pair", "--url", dead],
        ["keys", "show"], ["qr", "encode", "hello"], ["pair", "code", "123456", "--url", dead],
    ]

    @Test(arguments: [("vualt = \"file\"\n", "vualt"), ("timeout = \"ten\"\n", "timeout")])
    func anInvalidFileStopsEveryCommandWithTheKeyNamed(text: String, key: String) async throws {
        let (directory, file) = try Self.settings(text)
        defer { try? FileManager.default.removeItem(at: directory) }
        let cli = CompanionCLI(environment: ["COMPANION_CONFIG": file.path])
        for arguments in Self.commands {
            let result = try await cli.run(arguments, stdin: "")
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stderr.contains(key) && result.stderr.contains(file.path), "\(arguments): \(result)")
            let json = try await cli.run(arguments + ["--json"], stdin: "")
            let error = try JSONValue.parse(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines))["error"]
            #expect(error?["exitCode"]?.description == "64", "\(arguments): \(json)")
            #expect(error?["message"]?.stringValue?.contains(key) == true, "\(arguments): \(json)")
        }
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
