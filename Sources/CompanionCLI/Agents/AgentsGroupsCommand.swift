import ArgumentParser
import CompanionAPI
import Foundation

/// `companion agents groups`: the orca plan's groups (`GET /api/groups`), the project directories that agent
/// sessions run in, with how many sessions each has and how many of them need someone.
struct AgentsGroupsCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "groups",
        abstract: "List the project directories of agent sessions, with their session and attention counts.",
        discussion: """
            A group's path is what `companion agents list --group` takes.

            Examples:
              companion agents groups
              companion agents groups --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let groups = try await connection.agents { try await $0.groups() }
            if json {
                try OutputFormatter.printJSON(groups, .claudeCode)
            } else {
                print(Self.text(groups, width: table.width), terminator: "")
            }
        }
    }

    /// A table of the groups (path, sessions, attention) that fits `width` columns; nil: no limit.
    static func text(_ groups: [AgentGroupInfo], width: Int?) -> String {
        guard !groups.isEmpty else { return "No agent sessions. Start one: companion agents new --project DIR\n" }
        let rows = groups.map { group in
            [Terminal.safe(group.path), String(group.sessionCount), String(group.attentionCount)]
        }
        return TableFit.text(header: ["PATH", "SESSIONS", "ATTENTION"], rows: rows, width: width)
    }
}
