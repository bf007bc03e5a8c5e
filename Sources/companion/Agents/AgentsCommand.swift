import ArgumentParser
import CompanionAPI
import CompanionClient
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

/// `companion agents tail ID [--lines N] [--follow] [--json]`.
struct AgentsTailCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "tail",
        abstract: "Print the last lines of a session's terminal; --follow redraws them as they change (Ctrl-C stops).",
        discussion: """
            With --follow a broken connection is retried and resumed, like `companion watch`. With --json the \
            answer is the API's JSON ({session_id, lines}); with --follow --json every change is one JSON line \
            (a terminal_output event, the first one without seq).

            Examples:
              companion agents tail "$ID"
              companion agents tail "$ID" --lines 200 --follow
              companion agents tail "$ID" --follow --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id.") var id: String
    @Option(help: "How many lines (1–2000).") var lines = 40
    @Flag(help: "Keep printing the terminal as it changes.") var follow = false
    @Flag(help: "Print the API's JSON (with --follow: one JSON line per change).") var json = false

    func execute() async throws {
        guard (1...2000).contains(lines) else { throw CLIFailure(.usage, "--lines must be 1–2000") }
        let id = id
        let count = lines
        let json = json
        try await ClientRun.run(json: json) {
            let first = try await connection.agents { try await $0.terminal(id: id, lines: count) }
            if json && !follow {
                try Terminal.printClaudeJSON(first)
                return
            }
            Self.show(AgentEventMessage(type: "terminal_output", sessionId: id, lines: first.lines), json: json)
            guard follow else { return }
            try await connection.agents { client in
                let outcome = try await AgentAccess.events(client).follow(
                    cursor: AgentEventCursor(),
                    messages: [AgentClientMessage(type: "subscribe_terminal", sessionId: id)]
                ) { event in
                    if event.type == "terminal_output", event.sessionId == id, var lines = event.lines {
                        lines = Array(lines.suffix(count))
                        var shown = event
                        shown.lines = lines
                        Self.show(shown, json: json, header: id)
                    }
                    if event.type == "error", let message = event.message { Terminal.printWarning(message) }
                    return []
                }
                if case .unauthorized(let reason) = outcome { throw AgentAccess.unauthorized(reason) }
            }
        }
    }

    /// Prints a terminal's lines (under a rule naming `header`, when given), or the event as one JSON line. Written
    /// at once, not through `print`'s buffer, so each change reaches a pipe (`tail --follow | grep`) as it happens.
    static func show(_ event: AgentEventMessage, json: Bool, header: String? = nil) {
        if json {
            if let data = try? ClaudeAPIJSON.encode(event) {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
            }
        } else {
            var text = ""
            if let header {
                text = "\u{2500}\u{2500} \(Terminal.safe(header)) " + String(repeating: "\u{2500}", count: 20) + "\n"
            }
            text += AgentPresentation.terminal(event.lines ?? [])
            FileHandle.standardOutput.write(Data(text.utf8))
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
            if json { try Terminal.printClaudeJSON(session) } else { print("Sent to \(Terminal.safe(session.id))") }
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
              companion agents rm "$ID" --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id.") var id: String
    @Flag(help: "Print the answer as JSON ({\"deleted\": true, \"id\": ID}).") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            try await connection.agents { try await $0.remove(id: id) }
            if json {
                try Terminal.printClaudeJSON(RemovedOutput(id: id))
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
