import ArgumentParser
import CompanionAPI
import Foundation

/// `companion dashboard`: the ILS app's dashboard (S-01, US-1, US-11) on a terminal: the workstation's Claude Code
/// version, the counts of `GET /api/v1/stats` and the sessions of `GET /api/v1/stats/recent`.
struct DashboardCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Show the workstation's Claude Code at a glance: counts and recent sessions.",
        discussion: """
            Projects, sessions (and how many are answering now), MCP servers (healthy of configured), skills,
            plugins (enabled of installed), the most recently active sessions, and the version of Claude Code on
            the workstation.

            Examples:
              companion dashboard
              companion dashboard --recent 10
              companion dashboard --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Option(help: "How many recent sessions to show (1-50).") var recent = 5
    @Flag(help: "Print the dashboard as JSON: claudeCode, stats (the API's) and recentSessions.") var json = false
    @OptionGroup var table: TableOptions

    func validate() throws {
        guard (1...50).contains(recent) else {
            throw ValidationError("--recent must be between 1 and 50 (got \(recent))")
        }
    }

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let dashboard = try await connection.claude { client in
                let health = try await client.health()
                return DashboardDocument(
                    claudeCode: .init(
                        available: health.claudeAvailable ?? false, version: health.claudeVersion,
                        problem: health.claudeProblem),
                    stats: try await client.stats(),
                    recentSessions: try await client.recentSessions(limit: recent).items)
            }
            if json {
                try OutputFormatter.printJSON(dashboard, .claudeCode)
            } else {
                print(DashboardPresentation.text(dashboard, width: table.width), terminator: "")
            }
        }
    }
}

/// What `companion dashboard --json` prints.
struct DashboardDocument: Codable, Sendable {
    /// Claude Code on the workstation, from `GET /health`.
    struct ClaudeCode: Codable, Sendable {
        var available: Bool
        var version: String?
        var problem: String?
    }

    var claudeCode: ClaudeCode
    /// `GET /api/v1/stats` as the API answers it.
    var stats: StatsResponse
    /// `GET /api/v1/stats/recent?limit=N`'s sessions, most recent first.
    var recentSessions: [ChatSession]
}

/// The dashboard as text; everything from the workstation goes through `Terminal.safe`.
enum DashboardPresentation {
    static func text(_ dashboard: DashboardDocument, width: Int?) -> String {
        let stats = dashboard.stats
        let claude =
            dashboard.claudeCode.available
            ? Terminal.safe(dashboard.claudeCode.version ?? "available (version unknown)")
            : "not available: " + Terminal.safe(dashboard.claudeCode.problem ?? "the claude CLI was not found")
        let lines = [
            "Claude Code  \(claude)",
            "Projects     \(stats.projects.total)",
            "Sessions     \(stats.sessions.total) (\(stats.sessions.active) answering now)",
            "MCP servers  \(stats.mcpServers.healthy) of \(stats.mcpServers.total) healthy",
            "Skills       \(stats.skills.total)",
            "Plugins      \(stats.plugins.total) (\(stats.plugins.enabled) enabled)",
        ]
        let recent =
            dashboard.recentSessions.isEmpty
            ? "No sessions yet: start one with `companion chat --new \"…\"`.\n"
            : ClaudePresentation.sessions(dashboard.recentSessions, width: width)
        return lines.joined(separator: "\n") + "\n\nRecent sessions\n" + recent
    }
}
