import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionAgents

/// `hooks install/uninstall/status` on real files in a temporary directory.
@Suite struct HookInstallerTests {
    let root: URL
    let settings: String
    let state: String

    init() throws {
        root = try TestPaths.temporaryDirectory("hooks")
        settings = root.appendingPathComponent("claude/settings.json").path
        state = root.appendingPathComponent("sidecar").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            atPath: root.appendingPathComponent("claude").path, withIntermediateDirectories: true)
    }

    /// A settings file as a person writes it: their own hooks (a command hook and an HTTP hook), unknown keys,
    /// their own spacing and key order.
    static let usersFile = """
        {
          "model": "opus",
          "hooks": {
            "Stop": [ { "hooks": [ { "type": "command", "command": "notify-me.sh" } ] } ],
            "PreToolUse": [ { "matcher": "Bash", "hooks": [ { "type": "http", "url": "http://localhost:9999/audit" } ] } ]
          },
          "env": { "FOO": "bar" },
          "someFutureKey": [1, 2.5, true, null]
        }

        """

    @Test func installThenUninstallLeavesTheUsersFileByteIdentical() throws {
        try Data(Self.usersFile.utf8).write(to: URL(fileURLWithPath: settings))
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        let status = try installer.install(url: "http://127.0.0.1:7878/hooks/claude-code")
        #expect(status.isComplete)
        #expect(status.events == HookEventName.allCases.map(\.rawValue).sorted())
        let installed =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: settings)))
            as? [String: Any]
        let hooks = try #require(installed?["hooks"] as? [String: Any])
        // The user's own hooks are still first, and unknown keys are kept.
        let stop = try #require(hooks["Stop"] as? [[String: Any]])
        #expect(stop.count == 2)
        #expect(((stop[0]["hooks"] as? [[String: Any]])?[0]["command"] as? String) == "notify-me.sh")
        #expect((hooks["PreToolUse"] as? [Any])?.count == 1)
        #expect(installed?["someFutureKey"] != nil && installed?["env"] != nil)
        // Holds a secret now: private.
        let mode = try FileManager.default.attributesOfItem(atPath: settings)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(HookSecret.load(stateDirectory: state) != nil)

        #expect(try installer.uninstall() == 10)
        #expect(try Data(contentsOf: URL(fileURLWithPath: settings)) == Data(Self.usersFile.utf8))
        #expect(HookSecret.load(stateDirectory: state) == nil)
    }

    @Test func uninstallAfterTheUserEditedTheFileRemovesOnlyTheCompanionsHooks() throws {
        try Data(Self.usersFile.utf8).write(to: URL(fileURLWithPath: settings))
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        _ = try installer.install(url: "http://127.0.0.1:7878/hooks/claude-code")
        // The user adds a key after the install.
        var edited = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: settings))) as? [String: Any])
        edited["addedLater"] = "yes"
        try JSONSerialization.data(withJSONObject: edited).write(to: URL(fileURLWithPath: settings))
        try installer.uninstall()
        let after = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: settings))) as? [String: Any])
        let original = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.usersFile.utf8)) as? [String: Any])
        #expect(after["addedLater"] as? String == "yes")
        #expect(
            NSDictionary(dictionary: after["hooks"] as? [String: Any] ?? [:])
                == NSDictionary(dictionary: original["hooks"] as? [String: Any] ?? [:]))
        #expect(try installer.status().events.isEmpty)
    }

    @Test func installingTwiceKeepsOneSetAndTheOriginalBytesForUninstall() throws {
        try Data(Self.usersFile.utf8).write(to: URL(fileURLWithPath: settings))
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        _ = try installer.install(url: "http://127.0.0.1:7878/hooks/claude-code")
        let secret = try #require(HookSecret.load(stateDirectory: state))
        let status = try installer.install(url: "http://127.0.0.1:7979/hooks/claude-code")
        #expect(status.urls == ["http://127.0.0.1:7979/hooks/claude-code"])
        #expect(HookSecret.load(stateDirectory: state)?.text == secret.text)
        try installer.uninstall()
        #expect(try Data(contentsOf: URL(fileURLWithPath: settings)) == Data(Self.usersFile.utf8))
    }

    @Test func aFileInstallCreatedIsRemovedAgainByUninstall() throws {
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        _ = try installer.install(url: "http://127.0.0.1:7878/hooks/claude-code")
        #expect(FileManager.default.fileExists(atPath: settings))
        try installer.uninstall()
        #expect(!FileManager.default.fileExists(atPath: settings))
    }

    @Test(arguments: ["{ not json", "[1, 2]", "{\"hooks\": []}", "{\"hooks\": {\"Stop\": {}}}"])
    func aMalformedFileIsReportedAndNeverOverwritten(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: settings))
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        let error = #expect(throws: SettingsFileError.self) {
            _ = try installer.install(url: "http://127.0.0.1:7878/hooks/claude-code")
        }
        guard case .malformed(let path, _)? = error else {
            Issue.record("not reported as malformed: \(String(describing: error))")
            return
        }
        #expect(path == settings)
        #expect(error?.description.contains("left unchanged") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: settings)) == Data(text.utf8))
        #expect(HookSecret.load(stateDirectory: state) == nil)
        #expect(throws: SettingsFileError.self) { try installer.uninstall() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: settings)) == Data(text.utf8))
    }

    @Test func theSettingsPathHonoursClaudeConfigDir() {
        #expect(
            ClaudeHookInstaller.settingsPath(environment: ["CLAUDE_CONFIG_DIR": "/x/cfg", "HOME": "/home/u"])
                == "/x/cfg/settings.json")
        #expect(ClaudeHookInstaller.settingsPath(environment: ["HOME": "/home/u"]) == "/home/u/.claude/settings.json")
        #expect(ClaudeHookInstaller.settingsPath(environment: ["HOME": "relative"]) == nil)
    }

    @Test func theSecretComparesOnlyEqualText() {
        let secret = HookSecret(bytes: Array("abc123".utf8))
        #expect(secret.matches("abc123"))
        #expect(!secret.matches("abc124"))
        #expect(!secret.matches("abc12"))
        #expect(!secret.matches(nil))
    }
}
