import CompanionAgents
import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// Every writer of Claude Code's files at once, in a real Claude Code world: `hooks install`/`uninstall` and
/// `config set` (the settings store) on `settings.json`, our direct MCP edits on `~/.claude.json`, and the real
/// `claude` CLI writing both (`claude plugin enable`/`disable` rewrites `settings.json` under its own
/// `settings.json.lock`, `claude mcp add-json -s user` rewrites `~/.claude.json`). No key is lost.
///
/// Before the hooks went through Claude Code's files layer they replaced `settings.json` without its lock and
/// without checking that the file was still the version they read, so a `config set` (or Claude Code's own write)
/// landing between their read and their rename was lost.
@Suite struct ClaudeFilesRaceTests {
    static let rounds = 12
    /// Per round: hook installs and uninstalls in turn (an odd count, so the last is the round's own), settings set.
    /// Few per round: Claude Code waits about 0.45 s for `settings.json.lock` and then writes without it (strace of
    /// `claude plugin enable`), so a long burst of our locked writes could make it write over one of ours; that is
    /// Claude Code's limit (SECURITY.md), not ours. The burst that proves our own writers lose nothing is the pairs test.
    static let hookStepsPerRound = 1
    static let settingsPerRound = 3
    static let plugin = "\(TestPluginMarketplace.pluginName)@\(TestPluginMarketplace.marketplaceName)"

    /// A hook install or uninstall and a `config set` started together, many times: each `config set` key is
    /// there at the end. (Before, about one `config set` in 130 landed inside the hooks' read-then-rename and was
    /// lost.)
    @Test func hooksAndConfigSetStartedTogetherLoseNoKey() async throws {
        let root = try TestPaths.temporaryDirectory("hooks-race")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = ["HOME": root.path, "CLAUDE_CONFIG_DIR": root.appendingPathComponent(".claude").path]
        let locations = try #require(ClaudeConfigLocations.resolve(environment: environment))
        try FileManager.default.createDirectory(
            at: locations.userSettings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"model": "opus"}"#.utf8).write(to: locations.userSettings)
        let store = ClaudeSettingsStore(locations: locations)
        let hooks = ClaudeHookInstaller(
            settingsPath: locations.userSettings.path, stateDirectory: root.appendingPathComponent("sidecar").path)
        let command = ClaudeHookInstaller.hookCommand(executable: "/opt/companion", socketPath: "/run/owner.sock")
        let pairs = 600
        for pair in 0..<pairs {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    if pair % 2 == 0 { _ = try hooks.install(command: command) } else { try hooks.uninstall() }
                }
                group.addTask { try store.update(scope: .user, projectPath: nil, changes: ["pair\(pair)": pair]) }
                try await group.waitForAll()
            }
        }
        let settings = try ClaudeJSONFile(url: locations.userSettings).read().object
        let lost = (0..<pairs).map { "pair\($0)" }.filter { settings[$0] == nil }
        #expect(lost.isEmpty, "\(lost.count) of \(pairs) config set keys lost: \(lost.prefix(20))")
        #expect(settings["model"] as? String == "opus")
        #expect(try hooks.status().events.isEmpty, "the last change was an uninstall")
    }

    @Test func hooksConfigAndTheRealCLIRacingLoseNoKey() async throws {
        let endpoint = try ScriptedModelEndpoint { _ in .text("ok") }
        let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
        defer {
            endpoint.stop()
            sandbox.remove()
        }
        let claude = try ClaudeCLIBinary.locate()
        let locations = try #require(ClaudeConfigLocations.resolve(environment: sandbox.environment))
        let run = { @Sendable (arguments: [String]) async throws -> ProcessRunner.Result in
            try await ProcessRunner.run(
                "/usr/bin/env", ["-C", sandbox.root.path, claude] + arguments,
                environment: sandbox.environment.mapValues { Optional($0) }, timeout: 120)
        }
        // A user's settings, then a marketplace and a plugin the real CLI toggles in them.
        try Data(#"{"model": "opus"}"#.utf8).write(to: locations.userSettings)
        let market = try await TestPluginMarketplace(in: sandbox.root).repository
        for arguments in [["plugin", "marketplace", "add", market.path], ["plugin", "install", Self.plugin]] {
            let result = try await run(arguments)
            try #require(result.status == 0, "\(arguments): \(result)")
        }
        let store = ClaudeSettingsStore(locations: locations)
        let catalog = MCPServerCatalog(locations: locations, cliExecutable: nil, environment: sandbox.environment)
        let hooks = ClaudeHookInstaller(
            settingsPath: locations.userSettings.path,
            stateDirectory: sandbox.root.appendingPathComponent("sidecar").path)
        let command = ClaudeHookInstaller.hookCommand(executable: "/opt/companion", socketPath: "/run/owner.sock")

        for round in 0..<Self.rounds {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let result = try await run(["plugin", round % 2 == 0 ? "disable" : "enable", Self.plugin])
                    #expect(result.status == 0, "round \(round): \(result)")
                }
                group.addTask {
                    let result = try await run(
                        ["mcp", "add-json", "theirs-\(round)", #"{"command":"/bin/true"}"#, "-s", "user"])
                    #expect(result.status == 0, "round \(round): \(result)")
                }
                group.addTask {
                    try await catalog.add(MCPServerDefinition(name: "ours-\(round)", scope: .user, command: "/bin/cat"))
                }
                group.addTask {
                    // Ends with an install in even rounds and an uninstall in odd ones.
                    for step in 0..<Self.hookStepsPerRound {
                        if (step % 2 == 0) == (round % 2 == 0) {
                            _ = try hooks.install(command: command)
                        } else {
                            try hooks.uninstall()
                        }
                    }
                }
                group.addTask {
                    for index in 0..<Self.settingsPerRound {
                        try store.update(
                            scope: .user, projectPath: nil, changes: ["race\(round)x\(index)": round * 100 + index])
                    }
                }
                try await group.waitForAll()
            }
        }

        let settings = try ClaudeJSONFile(url: locations.userSettings).read().object
        let lost = (0..<Self.rounds).flatMap { round in
            (0..<Self.settingsPerRound).map { "race\(round)x\($0)" }
        }.filter { settings[$0] == nil }
        #expect(lost.isEmpty, "config set keys lost: \(lost)")
        #expect(settings["model"] as? String == "opus")
        #expect((settings["extraKnownMarketplaces"] as? [String: Any])?[TestPluginMarketplace.marketplaceName] != nil)
        // The last round enabled the plugin (odd) or disabled it (even), and installed or uninstalled the hooks.
        let lastEnabled = (Self.rounds - 1) % 2 == 1
        #expect((settings["enabledPlugins"] as? [String: Any])?[Self.plugin] as? Bool == lastEnabled)
        let status = try hooks.status()
        if (Self.rounds - 1) % 2 == 0 { #expect(status.isComplete) } else { #expect(status.events.isEmpty) }

        let servers = try ClaudeJSONFile(url: locations.stateFile).read().object["mcpServers"] as? [String: Any] ?? [:]
        let missing = (0..<Self.rounds).flatMap { ["theirs-\($0)", "ours-\($0)"] }.filter { servers[$0] == nil }
        #expect(missing.isEmpty, "MCP servers lost: \(missing)")
    }

}
