import ArgumentParser
import CompanionAPI
import Foundation

/// `companion projects [show ID]`: the workstation's Claude Code projects.
struct ProjectsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "projects", abstract: "List the workstation's Claude Code projects, or show one.",
        subcommands: [ProjectsListCommand.self, ProjectsShowCommand.self], defaultSubcommand: ProjectsListCommand.self)
}

/// `companion projects list`.
struct ProjectsListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List projects (one per directory Claude Code has run in).",
        discussion: """
            Examples:
              companion projects
              companion projects list --wide
              companion projects list --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let projects = try await connection.claude { try await $0.projects() }
            if json {
                try OutputFormatter.printJSON(projects, .claudeCode)
            } else {
                print(ClaudePresentation.projects(projects.items, width: table.width), terminator: "")
            }
        }
    }
}

/// `companion projects show ID`.
struct ProjectsShowCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a project and its sessions.",
        discussion: """
            Examples:
              companion projects show PROJECT-ID
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The project id (from `companion projects`).") var id: String
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let id = try ClaudeIDs.parse(id, what: "project")
            let (project, sessions) = try await connection.claude { client in
                (try await client.project(id: id), try await client.projectSessions(id: id))
            }
            if json {
                try OutputFormatter.printJSON(project, .claudeCode)
            } else {
                print(ClaudePresentation.project(project))
                print("")
                print(ClaudePresentation.sessions(sessions.items, width: table.width), terminator: "")
            }
        }
    }
}

/// Ids typed on the command line.
enum ClaudeIDs {
    static func parse(_ text: String, what: String) throws -> UUID {
        guard let id = UUID(uuidString: text.trimmingCharacters(in: .whitespaces)) else {
            throw CLIFailure(
                .usage, "'\(Terminal.safe(String(text.prefix(60))))' is not a \(what) id",
                hint:
                    "ids look like 4f1c2d3e-…; list them with `companion \(what == "project" ? "projects" : "sessions list")`"
            )
        }
        return id
    }
}
