import ArgumentParser
import CompanionAPI
import CompanionKit
import Foundation

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
                try OutputFormatter.printJSON(first, .claudeCode)
                return
            }
            Self.show(AgentEventMessage(type: "terminal_output", sessionId: id, lines: first.lines), json: json)
            guard follow else { return }
            try await connection.agents { agents in
                try await agents.followEvents(
                    subscribing: [AgentClientMessage(type: "subscribe_terminal", sessionId: id)]
                ) { event in
                    if event.type == "terminal_output", event.sessionId == id, var lines = event.lines {
                        lines = Array(lines.suffix(count))
                        var shown = event
                        shown.lines = lines
                        Self.show(shown, json: json, header: id)
                    }
                    if event.type == "error", let message = event.message { Terminal.printWarning(message) }
                    return .keepFollowing
                }
            }
        }
    }

    /// Prints a terminal's lines (under a rule naming `header`, when given), or the event as one JSON line. Written
    /// at once, not through `print`'s buffer, so each change reaches a pipe (`tail --follow | grep`) as it happens.
    static func show(_ event: AgentEventMessage, json: Bool, header: String? = nil) {
        if json {
            try? OutputFormatter.printJSONLine(event, .claudeCode)
        } else {
            var text = ""
            if let header {
                text = "\u{2500}\u{2500} \(Terminal.safe(header)) " + String(repeating: "\u{2500}", count: 20) + "\n"
            }
            text += AgentPresentation.terminal(event.lines ?? [])
            writeStandardOutput(text)
        }
    }
}
