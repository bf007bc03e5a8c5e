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
            AgentsListCommand.self, AgentsShowCommand.self, AgentsTailCommand.self, AgentsSendCommand.self,
            AgentsNewCommand.self, AgentsRemoveCommand.self,
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
              companion agents list --group myrepo --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Option(help: "Only the sessions of this project directory.") var group: String?
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let sessions = try await connection.agents { try await $0.sessions(group: group) }
            if json {
                try Terminal.printClaudeJSON(sessions)
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
                try Terminal.printClaudeJSON(session)
            } else {
                print(AgentPresentation.detail(session), terminator: "")
            }
        }
    }
}

/// `companion agents tail ID [--lines N] [--follow]`.
struct AgentsTailCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail",
        abstract: "Print the last lines of a session's terminal; --follow redraws them as they change (Ctrl-C stops).",
        discussion: """
            Examples:
              companion agents tail "$ID"
              companion agents tail "$ID" --lines 200 --follow
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id.") var id: String
    @Option(help: "How many lines (1–2000).") var lines = 40
    @Flag(help: "Keep printing the terminal as it changes.") var follow = false

    func execute() async throws {
        guard (1...2000).contains(lines) else { throw CLIFailure(.usage, "--lines must be 1–2000") }
        let id = id
        let count = lines
        let first = try await connection.agents { try await $0.terminal(id: id, lines: count) }
        print(AgentPresentation.terminal(first.lines), terminator: "")
        guard follow else { return }
        try await connection.agents { client in
            let cursor = EventCursor()
            while true {
                let outcome = try await AgentAccess.events(client).run(
                    after: cursor.last, messages: [AgentClientMessage(type: "subscribe_terminal", sessionId: id)]
                ) { event in
                    cursor.note(event)
                    if event.type == "terminal_output", event.sessionId == id, let lines = event.lines {
                        print("\u{2500}\u{2500} \(Terminal.safe(id)) " + String(repeating: "\u{2500}", count: 20))
                        print(AgentPresentation.terminal(Array(lines.suffix(count))), terminator: "")
                    }
                    if event.type == "error", let message = event.message { Terminal.printWarning(message) }
                    return []
                }
                if case .unauthorized(let reason) = outcome { throw CLIFailure(.server, reason) }
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
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id.") var id: String
    @Argument(help: "The text to type.") var text: String
    @Flag(name: .customLong("no-enter"), help: "Do not press Enter after the text.") var noEnter = false

    func execute() async throws {
        let session = try await connection.agents { try await $0.send(id: id, text: text, enter: !noEnter) }
        print("Sent to \(Terminal.safe(session.id))")
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
            if json { try Terminal.printClaudeJSON(session) } else { print("Started \(Terminal.safe(session.id))") }
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
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id.") var id: String

    func execute() async throws {
        try await connection.agents { try await $0.remove(id: id) }
        print("Removed \(Terminal.safe(id))")
    }
}
