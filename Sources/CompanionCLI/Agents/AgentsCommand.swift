import ArgumentParser
import CompanionAPI
import CompanionKit
import Foundation

/// `companion agents …`: the agent sessions on the workstation.
struct AgentsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agents",
        abstract: "List agent sessions on the workstation, read and type into their terminals, start and remove them.",
        subcommands: [
            AgentsListCommand.self, AgentsGroupsCommand.self, AgentsShowCommand.self, AgentsTailCommand.self,
            AgentsSendCommand.self, AgentsNewCommand.self, AgentsRemoveCommand.self,
        ],
        defaultSubcommand: AgentsListCommand.self)
}

/// `companion agents list [--group DIR]`.
struct AgentsListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List agent sessions with their state, most recently active first.",
        discussion: """
            Examples:
              companion agents list
              companion agents list --group /home/me/src/myrepo --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Option(help: "Only the sessions of this project directory (its full path on the workstation).")
    var group: String?
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let sessions = try await connection.agents { try await $0.sessions(group: group) }
            if json {
                try OutputFormatter.printJSON(sessions, .claudeCode)
            } else {
                print(AgentPresentation.list(sessions, width: table.width), terminator: "")
            }
        }
    }
}

/// `companion agents show ID`.
struct AgentsShowCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one agent session.",
        discussion: """
            Examples:
              companion agents show 6c1f0c2e-3b7a-4d5e-9f10-2a3b4c5d6e7f
              companion agents show "$ID" --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id (from `companion agents list`).") var id: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let session = try await connection.agents { try await $0.session(id: id) }
            if json {
                try OutputFormatter.printJSON(session, .claudeCode)
            } else {
                print(AgentPresentation.detail(session), terminator: "")
            }
        }
    }
}

/// `companion agents send ID TEXT [--no-enter]`.
struct AgentsSendCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "send", abstract: "Type text into a session's terminal (literal keys), then Enter.",
        discussion: """
            Examples:
              companion agents send "$ID" "run the tests again"
              companion agents send "$ID" 2 --no-enter
              companion agents send "$ID" "yes" --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id.") var id: String
    @Argument(help: "The text to type.") var text: String
    @Flag(name: .customLong("no-enter"), help: "Do not press Enter after the text.") var noEnter = false
    @Flag(help: "Print the API's JSON (the session).") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let session = try await connection.agents { try await $0.send(id: id, text: text, enter: !noEnter) }
            if json {
                try OutputFormatter.printJSON(session, .claudeCode)
            } else {
                print("Sent to \(Terminal.safe(session.id))")
            }
        }
    }
}

/// `companion agents new --project DIR [--command ARG...]`.
struct AgentsNewCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Start an agent in a new tmux session on the workstation.",
        discussion: """
            Examples:
              companion agents new --project ~/src/myrepo
              companion agents new --project ~/src/myrepo --command claude --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Option(help: "The project directory on the workstation (absolute).") var project: String
    @Option(
        parsing: .upToNextOption,
        help: "The command and its arguments, run without a shell (default: the sidecar's claude).")
    var command: [String] = []
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let request = CreateAgentSessionRequest(project: project, command: command.isEmpty ? nil : command)
            if let problem = request.validationError() { throw CLIFailure(.usage, problem) }
            let session = try await connection.agents { try await $0.create(request) }
            if json {
                try OutputFormatter.printJSON(session, .claudeCode)
            } else {
                print("Started \(Terminal.safe(session.id))")
            }
        }
    }
}

/// `companion agents rm ID`.
struct AgentsRemoveCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "End a session the sidecar started (its tmux session is killed).",
        discussion: """
            Examples:
              companion agents rm "$ID"
              companion agents rm "$ID" --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id.") var id: String
    @Flag(help: "Print the answer as JSON ({\"deleted\": true, \"id\": ID}).") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            try await connection.agents { try await $0.remove(id: id) }
            if json {
                try OutputFormatter.printJSON(RemovedOutput(id: id), .claudeCode)
            } else {
                print("Removed \(Terminal.safe(id))")
            }
        }
    }

    struct RemovedOutput: Encodable {
        var deleted = true
        let id: String
    }
}
