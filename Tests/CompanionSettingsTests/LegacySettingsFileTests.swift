import Foundation
import Testing

@testable import CompanionSettings

/// The settings file of earlier versions (`$XDG_CONFIG_HOME/companion/config.toml`) moves to the one application
/// directory (`$XDG_CONFIG_HOME/companionkit/config.toml`) the first time settings are loaded, on real files.
@Suite struct LegacySettingsFileTests {
    /// A fresh `XDG_CONFIG_HOME`, removed by the caller.
    struct Home {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("settings-\(UUID().uuidString)")
        var environment: [String: String] { ["XDG_CONFIG_HOME": root.path, "HOME": "/home/ada"] }
        var legacy: URL { root.appendingPathComponent("companion/config.toml") }
        var current: URL { root.appendingPathComponent("companionkit/config.toml") }

        func write(_ text: String, to url: URL, mode: Int = 0o600) throws {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    static func mode(_ url: URL) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test func theFileOfEarlierVersionsMovesToCompanionKitsDirectory() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("vault = \"file\"\nprofile = \"work\"\n", to: home.legacy, mode: 0o640)
        let passphrase = home.root.appendingPathComponent("companion/passphrase")
        try home.write("kept where the settings name it\n", to: passphrase)
        #expect(CompanionSettings.path(environment: home.environment) == home.current)
        let settings = try CompanionSettings.load(environment: home.environment)
        #expect(settings.vault == "file" && settings.profile == "work")
        #expect(try String(contentsOf: home.current, encoding: .utf8) == "vault = \"file\"\nprofile = \"work\"\n")
        #expect(try Self.mode(home.current) == 0o640)
        #expect(try Self.mode(home.current.deletingLastPathComponent()) == 0o700)
        #expect(!FileManager.default.fileExists(atPath: home.legacy.path))
        #expect(FileManager.default.fileExists(atPath: passphrase.path))
        // Moved once: the next load reads the new file, and the old one does not come back.
        #expect(try CompanionSettings.load(environment: home.environment) == settings)
        #expect(!FileManager.default.fileExists(atPath: home.legacy.path))
    }

    @Test func aFileAlreadyInCompanionKitsDirectoryWinsAndTheOldOneIsLeftAlone() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("profile = \"old\"\n", to: home.legacy)
        try home.write("profile = \"new\"\n", to: home.current)
        #expect(try CompanionSettings.load(environment: home.environment).profile == "new")
        #expect(try String(contentsOf: home.legacy, encoding: .utf8) == "profile = \"old\"\n")
    }

    @Test func anExplicitSettingsFileMovesNothing() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("profile = \"old\"\n", to: home.legacy)
        let explicit = home.root.appendingPathComponent("elsewhere.toml")
        try home.write("profile = \"explicit\"\n", to: explicit)
        var environment = home.environment
        environment[CompanionSettings.fileVariable] = explicit.path
        #expect(try CompanionSettings.load(environment: environment).profile == "explicit")
        #expect(FileManager.default.fileExists(atPath: home.legacy.path))
        #expect(!FileManager.default.fileExists(atPath: home.current.path))
    }

    @Test func aFileThatCannotBeMovedIsAnErrorNamingBothPaths() throws {
        let home = Home()
        defer { home.remove() }
        try home.write("profile = \"old\"\n", to: home.legacy)
        // A file where the new directory should be: the move cannot create it.
        try home.write("not a directory\n", to: home.current.deletingLastPathComponent())
        #expect {
            try CompanionSettings.load(environment: home.environment)
        } throws: { error in
            let description = (error as? SettingsError)?.description ?? ""
            return description.contains(home.legacy.path) && description.contains(home.current.path)
        }
        #expect(FileManager.default.fileExists(atPath: home.legacy.path))
    }
}
