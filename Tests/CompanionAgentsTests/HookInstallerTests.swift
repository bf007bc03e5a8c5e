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

    static let command = ClaudeHookInstaller.hookCommand(
        executable: "/opt/bin/companion", socketPath: "/home/u/.local/share/companionkit/sidecar/owner.sock")

    @Test func installThenUninstallLeavesTheUsersFileByteIdentical() throws {
        try Data(Self.usersFile.utf8).write(to: URL(fileURLWithPath: settings))
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        let status = try installer.install(command: Self.command)
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
        // Command hooks only, quoted for the shell: no URL, no secret.
        let ours = try #require((stop[1]["hooks"] as? [[String: Any]])?.first)
        #expect(ours["type"] as? String == "command")
        #expect(
            ours["command"] as? String
                == "'/opt/bin/companion' hook --socket '/home/u/.local/share/companionkit/sidecar/owner.sock'")
        #expect(
            !String(decoding: try Data(contentsOf: URL(fileURLWithPath: settings)), as: UTF8.self).contains(
                "http://127"))

        #expect(try installer.uninstall() == 10)
        #expect(try Data(contentsOf: URL(fileURLWithPath: settings)) == Data(Self.usersFile.utf8))
    }

    @Test func uninstallAfterTheUserEditedTheFileRemovesOnlyTheCompanionsHooks() throws {
        try Data(Self.usersFile.utf8).write(to: URL(fileURLWithPath: settings))
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        _ = try installer.install(command: Self.command)
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
        _ = try installer.install(command: Self.command)
        let other = ClaudeHookInstaller.hookCommand(executable: "/usr/bin/companion", socketPath: "/run/owner.sock")
        let status = try installer.install(command: other)
        #expect(status.commands == [other] && status.isComplete)
        try installer.uninstall()
        #expect(try Data(contentsOf: URL(fileURLWithPath: settings)) == Data(Self.usersFile.utf8))
    }

    /// An earlier install's HTTP hooks (with their secret header, the secret in the data directory) are replaced by
    /// the next install: no hook posts to a port any more, and the secret file is gone.
    @Test func anEarlierHTTPInstallIsReplacedAndItsSecretRemoved() throws {
        let http = """
            {"hooks": {"Stop": [{"hooks": [{"type": "http", "url": "http://127.0.0.1:7878/hooks/claude-code",
              "headers": {"X-Companion-Hook-Secret": "old-secret"}}]}]}}

            """
        try Data(http.utf8).write(to: URL(fileURLWithPath: settings))
        try Data("old-secret".utf8).write(to: URL(fileURLWithPath: state + "/" + LegacyHookSecret.fileName))
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        #expect(try installer.status().urls == ["http://127.0.0.1:7878/hooks/claude-code"])
        #expect(try !installer.status().isComplete)
        let status = try installer.install(command: Self.command)
        #expect(status.urls.isEmpty && status.commands == [Self.command] && status.isComplete)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: settings)), as: UTF8.self)
        #expect(!text.contains("old-secret") && !text.contains("\"http\""))
        #expect(!FileManager.default.fileExists(atPath: state + "/" + LegacyHookSecret.fileName))
    }

    @Test func aFileInstallCreatedIsRemovedAgainByUninstall() throws {
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        _ = try installer.install(command: Self.command)
        #expect(FileManager.default.fileExists(atPath: settings))
        try installer.uninstall()
        #expect(!FileManager.default.fileExists(atPath: settings))
    }

    @Test(arguments: ["{ not json", "[1, 2]", "{\"hooks\": []}", "{\"hooks\": {\"Stop\": {}}}"])
    func aMalformedFileIsReportedAndNeverOverwritten(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: settings))
        let installer = ClaudeHookInstaller(settingsPath: settings, stateDirectory: state)
        let error = #expect(throws: SettingsFileError.self) {
            _ = try installer.install(command: Self.command)
        }
        guard case .malformed(let path, _)? = error else {
            Issue.record("not reported as malformed: \(String(describing: error))")
            return
        }
        #expect(path == settings)
        #expect(error?.description.contains("left unchanged") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: settings)) == Data(text.utf8))
        #expect(throws: SettingsFileError.self) { try installer.uninstall() }
        #expect(try Data(contentsOf: URL(fileURLWithPath: settings)) == Data(text.utf8))
    }

    @Test func uninstallWithoutAClaudeDirectoryChangesNothing() throws {
        let missing = root.appendingPathComponent("no-claude/settings.json").path
        let installer = ClaudeHookInstaller(settingsPath: missing, stateDirectory: state)
        #expect(try installer.uninstall() == 0)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("no-claude").path))
    }

    @Test func theSettingsPathHonoursClaudeConfigDir() {
        #expect(
            ClaudeHookInstaller.settingsPath(environment: ["CLAUDE_CONFIG_DIR": "/x/cfg", "HOME": "/home/u"])
                == "/x/cfg/settings.json")
        #expect(ClaudeHookInstaller.settingsPath(environment: ["HOME": "/home/u"]) == "/home/u/.claude/settings.json")
        #expect(ClaudeHookInstaller.settingsPath(environment: ["HOME": "relative"]) == nil)
    }
}
