import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeCLISuites {
    /// ILS S-01/US-1 and US-11 on a terminal: `companion dashboard` from a paired device shows what the
    /// workstation's `GET /api/v1/stats` and `/stats/recent` answer, and the version of its real `claude`; what the
    /// workstation sent reaches the terminal escaped.
    @Suite(.serialized, .timeLimit(.minutes(5)))
    struct DashboardCLITests {
        /// A skill, two installed plugins (one enabled) and two MCP servers (`tester`, a real stdio MCP server, and
        /// `docs`, which no health check sees), in the sandbox's Claude Code configuration, as Claude Code itself
        /// writes them.
        static func configure(_ sandbox: ClaudeSandbox) async throws {
            let config = sandbox.configDirectory
            let skill = config.appendingPathComponent("skills/release-notes")
            try FileManager.default.createDirectory(at: skill, withIntermediateDirectories: true)
            try Data("---\nname: release-notes\ndescription: Writes release notes.\n---\nBody\n".utf8).write(
                to: skill.appendingPathComponent("SKILL.md"))
            try FileManager.default.createDirectory(
                at: config.appendingPathComponent("plugins"), withIntermediateDirectories: true)
            try Data(#"{"version":2,"plugins":{"hello@market":[],"lint@market":[]}}"#.utf8).write(
                to: config.appendingPathComponent("plugins/installed_plugins.json"))
            try Data(#"{"enabledPlugins":{"hello@market":true,"lint@market":false}}"#.utf8).write(
                to: sandbox.settingsFile)
            let state = config.appendingPathComponent(".claude.json")
            var object = try JSONSerialization.jsonObject(with: Data(contentsOf: state)) as! [String: Any]
            let tester = try await MCPTestServer.install(in: sandbox.root)
            object["mcpServers"] = [
                "docs": ["type": "stdio", "command": "/bin/true", "args": [String]()],
                "tester": ["type": "stdio", "command": MCPTestServer.python, "args": [tester]],
            ]
            try JSONSerialization.data(withJSONObject: object).write(to: state)
        }

        /// The first prompt of the session started in a terminal: it titles the session, and carries a window
        /// title (OSC 0), a screen clear (CSI 2J) and an 8-bit CSI, which must not reach the dashboard's terminal.
        static let hostilePrompt = "hello \u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m"

        @Test func theDashboardShowsTheStatsRecentSessionsAndTheClaudeCodeVersion() async throws {
            let world = try await ChatCLITests.world { _ in .text("dashboard answer") }
            defer { world.stop() }
            // A project Claude Code knows: `claude` run once in it, as in a terminal.
            let project = try world.sandbox.makeProject("dashboard")
            // After the project: `makeProject` rewrites `.claude.json`, where the MCP server is added.
            try await Self.configure(world.sandbox)
            let direct = try await ProcessRunner.run(
                "/usr/bin/env", ["-C", project, try ClaudeCLIBinary.locate(), "-p"], input: Self.hostilePrompt,
                environment: world.sandbox.environment.mapValues { Optional($0) })
            #expect(direct.status == 0, "\(direct)")
            for name in ["older chat", "newest chat"] {
                let chat = try await world.cli.run(["chat", "--new", "--name", name, "hello"])
                #expect(chat.status == Exit.success, "\(chat)")
            }
            // A health check (it needs `control`, which the world's device has not) finds `tester` healthy.
            let admin = CompanionCLI()
            _ = try await ConnectionEndToEndTests.pair(admin, world.sidecar, name: "Admin", scopes: [.read, .control])
            let health = try await admin.run(["mcp", "health", "tester"])
            #expect(health.status == Exit.success && health.stdout.contains("tester: healthy"), "\(health)")
            let version = try await ProcessRunner.run(try ClaudeCLIBinary.locate(), ["--version"])
            // `2.1.330 (Claude Code)`: the sidecar reports the number.
            let claudeVersion = String(version.stdout.split(separator: " ").first ?? "")
            #expect(claudeVersion.contains("."), "\(version)")

            let (result, dashboard) = try await world.cli.json(["dashboard", "--recent", "1"])
            #expect(result.status == Exit.success, "\(result)")
            #expect(dashboard["claudeCode"]?["available"]?.boolValue == true)
            #expect(dashboard["claudeCode"]?["version"]?.stringValue == claudeVersion, "\(dashboard)")
            let stats = try #require(dashboard["stats"])
            let (_, projects) = try await world.cli.json(["projects"])
            let projectCount = try #require(projects["items"]?.arrayValue?.count)
            #expect(projectCount >= 1 && stats["projects"]?["total"] == .integer(Int64(projectCount)), "\(stats)")
            let (_, sessions) = try await world.cli.json(["sessions", "list"])
            let sessionCount = try #require(sessions["items"]?.arrayValue?.count)
            #expect(sessionCount == 3 && stats["sessions"]?["total"] == .integer(Int64(sessionCount)), "\(stats)")
            #expect(stats["sessions"]?["active"] == .integer(0))
            #expect(stats["skills"]?["total"] == .integer(1))
            #expect(stats["plugins"]?["total"] == .integer(2) && stats["plugins"]?["enabled"] == .integer(1))
            #expect(stats["mcpServers"]?["total"] == .integer(2) && stats["mcpServers"]?["healthy"] == .integer(1))
            #expect(dashboard["recentSessions"]?.arrayValue?.count == 1, "\(dashboard)")
            let (_, all) = try await world.cli.json(["dashboard"])
            let recent = try #require(all["recentSessions"]?.arrayValue)
            // The terminal session is titled by its first prompt, control sequences and all, in the JSON.
            let names = recent.compactMap { $0["name"]?.stringValue }
            #expect(names.count == 3 && names.contains("older chat") && names.contains("newest chat"), "\(recent)")
            #expect(names.contains { $0.hasPrefix("hello") && $0.contains("\u{1B}") }, "\(recent)")
            let active = recent.compactMap { $0["lastActiveAt"]?.stringValue }
            #expect(active.count == 3 && active == active.sorted(by: >), "most recent first: \(active)")

            let text = try await world.cli.run(["dashboard", "--wide"])
            #expect(text.status == Exit.success, "\(text)")
            for line in [
                "Claude Code  \(claudeVersion)", "Projects     \(projectCount)",
                "Sessions     \(sessionCount) (0 answering now)",
                "MCP servers  1 of 2 healthy", "Skills       1", "Plugins      2 (1 enabled)", "Recent sessions",
                "newest chat", "older chat",
            ] {
                #expect(text.stdout.contains(line), "\(line) not in:\n\(text.stdout)")
            }
            // What came over the network reaches the terminal escaped (NO_COLOR: the CLI writes no ESC itself).
            #expect(
                !text.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{9B}" },
                "a control character reached the terminal: \(text.stdout.debugDescription)")
            #expect(text.stdout.contains("hello"), "\(text.stdout)")
            let refused = try await world.cli.run(["dashboard", "--recent", "0"])
            #expect(refused.status == Exit.usage && refused.stderr.contains("--recent"), "\(refused)")
        }

        /// An unpaired companion is refused with the pairing advice, as every Claude Code command is.
        @Test func anUnpairedCompanionIsRefused() async throws {
            let world = try await ChatCLITests.world { _ in .text("never") }
            defer { world.stop() }
            let (refused, body) = try await CompanionCLI().json(["dashboard", "--url", world.sidecar.url])
            #expect(refused.status == Exit.notPaired, "\(refused)")
            #expect(body["error"]?["code"]?.stringValue == "notPaired", "\(body)")
        }
    }
}
