import CompanionTestSupport
import Foundation
import Testing

/// `companion settings explain`: each setting's value and its origin as the commands resolve them, in process.
@Suite struct SettingsExplainTests {
    @Test func eachValueNamesWhereItCameFromAndNoSecretIsShown() async throws {
        let directory = try TestPaths.temporaryDirectory("settings")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.toml")
        try Data(
            """
            vault = "file"
            profile = "from-file"
            timeout = 4

            [sidecar]
            port = 9001

            """.utf8
        ).write(to: file)
        let secret = "passphrase-\(UUID().uuidString)"
        let cli = try InProcessCLI([
            "COMPANION_CONFIG": file.path, "COMPANION_PROFILE": "from-env", "COMPANION_VAULT_PASSPHRASE": secret,
        ])
        let result = await cli.run(["settings", "explain", "--timeout", "2", "--json"])
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(result)")
        let document = try result.json()
        #expect(document["settingsFile"]?.stringValue == file.path)
        #expect(document["settingsFileExists"]?.description == "true")
        var byName: [String: JSONValue] = [:]
        for entry in document["settings"]?.arrayValue ?? [] {
            if let name = entry["name"]?.stringValue { byName[name] = entry }
        }
        func line(_ name: String) -> (value: String?, origin: String?) {
            (byName[name]?["value"]?.stringValue, byName[name]?["origin"]?.stringValue)
        }
        #expect(line("vault").value == "file" && line("vault").origin == "vault in \(file.path)")
        #expect(line("profile").value == "from-env" && line("profile").origin == "$COMPANION_PROFILE")
        #expect(line("timeout").value == "2" && line("timeout").origin == "--timeout")
        #expect(line("[sidecar] port").value == "9001")
        #expect(line("[sidecar] host").value == nil && line("[sidecar] host").origin == "default")
        #expect(byName["[sidecar] host"]?["fallback"]?.stringValue == "127.0.0.1")
        #expect(byName["$COMPANION_VAULT_PASSPHRASE"]?["hidden"]?.description == "true")

        // The text form: the same, the secret only said to be set.
        let text = await cli.run(["settings", "explain", "--vault", "secret-service"])
        #expect(text.status == 0, "\(text)")
        #expect(!text.stdout.contains(secret), "\(text)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Settings file: \(file.path)", "\(text)")
        #expect(lines.contains { $0.hasPrefix("vault ") && $0.contains("secret-service") && $0.hasSuffix("--vault") })
        #expect(lines.contains { $0.hasPrefix("$COMPANION_VAULT_PASSPHRASE") && $0.contains("set (not shown)") })
        #expect(
            lines.contains { $0.hasPrefix("[sidecar] host") && $0.contains("127.0.0.1") && $0.hasSuffix("default") })
    }

    @Test func withoutASettingsFileTheDefaultsApply() async throws {
        let cli = try InProcessCLI()
        let result = await cli.run(["settings", "explain"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("(none: the defaults apply)"), "\(result)")
        #expect(result.stdout.contains("companionkit/config.toml"), "\(result)")
    }
}
