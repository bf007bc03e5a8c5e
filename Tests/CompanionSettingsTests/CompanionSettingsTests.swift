import Foundation
import Testing

@testable import CompanionSettings

/// The settings file as a person writes it: every key read, typos and wrong types refused with the key named.
@Suite struct CompanionSettingsTests {
    /// Writes `text` as the settings file of a fresh `XDG_CONFIG_HOME` and loads it.
    static func load(_ text: String?) throws(SettingsError) -> CompanionSettings {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        if let text {
            let directory = root.appendingPathComponent("companion")
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: directory.appendingPathComponent("config.toml"))
        }
        return try CompanionSettings.load(environment: ["XDG_CONFIG_HOME": root.path, "HOME": "/home/ada"])
    }

    @Test func noFileMeansDefaults() throws {
        #expect(try Self.load(nil) == CompanionSettings())
    }

    @Test func everyKeyIsRead() throws {
        let settings = try Self.load(
            """
            vault = "file"
            profile = "work"
            passphrase-file = "~/.config/companion/passphrase"
            sidecar-url = "http://192.168.1.20:7878"
            timeout = 30

            [sidecar]
            host = "0.0.0.0"
            port = 7979
            data-dir = "/srv/companion"
            public-url = "http://ws.local:7979"
            api-key-scopes = "read,tasks"
            """)
        #expect(settings.vault == "file")
        #expect(settings.profile == "work")
        #expect(settings.passphraseFile == "/home/ada/.config/companion/passphrase")
        #expect(settings.sidecarURL == "http://192.168.1.20:7878")
        #expect(settings.timeout == 30)
        #expect(
            settings.sidecar
                == .init(
                    host: "0.0.0.0", port: 7979, dataDirectory: "/srv/companion", publicURL: "http://ws.local:7979",
                    apiKeyScopes: "read,tasks"))
    }

    @Test(arguments: [
        ("vualt = \"file\"", "unknown key 'vualt'"),
        ("vault = \"plaintext\"", "use auto, secret-service or file"),
        ("timeout = \"ten\"", "timeout that is not a number"),
        ("[sidecar]\nport = \"7878\"", "sidecar.port that is not a whole number"),
        ("[sidecar]\nport = 70000", "use 0 to 65535"),
        ("[sidecar]\nhots = \"0.0.0.0\"", "unknown key 'sidecar.hots'"),
        ("[sidecar]\napi-key-scopes = [\"read\"]", "sidecar.api-key-scopes that is not a non-empty string"),
        ("sidecar = 1", "must be a [sidecar] table"),
        ("vault = \"file", "is not valid TOML (line 1)"),
    ])
    func mistakesAreNamed(text: String, expected: String) throws {
        do {
            _ = try Self.load(text)
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
            #expect(error.description.contains("config.toml"))
        }
    }
}
