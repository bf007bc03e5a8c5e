import ArgumentParser
import CompanionAPI
import Foundation

/// `companion chat [--session ID | --new [--project ID]] "message"`: sends a prompt to Claude Code on the
/// workstation and prints the answer as it streams. Ctrl-C asks the sidecar to cancel the run first (the partial
/// answer is kept and the session can be continued), then exits 130.
struct ChatCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "chat",
        abstract: "Chat with Claude Code on the workstation: in a session the sidecar runs, or in a new one.",
        discussion: """
            The answer is printed as it arrives. Ctrl-C stops it on the workstation first (the partial answer is \
            kept; `companion chat --session ID` continues the session), then exits with code 130. An answer that \
            ends in an error exits with code 14.

            Examples:
              companion chat --new "What does this repository do?"
              companion chat --session ID "And the tests?"
              companion chat --new "Summarise" --json
              companion chat --new --model opus --fallback-model sonnet "Plan the release"
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Option(help: "Continue this session (an id from `companion sessions list`).") var session: String?
    @Flag(help: "Start a new session.") var new = false
    @Option(help: "With --new: the project to run in (an id from `companion projects`).") var project: String?
    @Option(help: "With --new: a name for the session.") var name: String?
    @Option(help: "Model alias (sonnet, opus, haiku) or full model id.") var model: String?
    @Option(help: "With --new: the model Claude Code switches to when the first one stays overloaded.")
    var fallbackModel: String?
    @Option(
        help: ArgumentHelp(
            "Claude Code permission mode (default, acceptEdits, plan, dontAsk; all but default and plan need the "
                + "device's control scope)."))
    var permissionMode: String?
    @Flag(help: "Print each stream event as one JSON line instead of the text.") var json = false
    @Argument(help: "The message to send.") var message: String

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let prompt = message.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !prompt.isEmpty else {
                throw CLIFailure(.usage, "the message is empty", hint: "write something to send")
            }
            guard new != (session != nil) else {
                throw CLIFailure(
                    .usage, "give either --session ID or --new",
                    hint:
                        "continue with `companion chat --session ID \"…\"`, or start with `companion chat --new \"…\"`")
            }
            let mode = try permissionMode.map { text in
                guard let mode = PermissionMode(rawValue: text) else {
                    throw CLIFailure(
                        .usage, "unknown permission mode '\(Terminal.safe(String(text.prefix(40))))'",
                        hint: "use one of: " + PermissionMode.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return mode
            }
            if fallbackModel != nil, !new {
                throw CLIFailure(
                    .usage, "--fallback-model is kept with a new session",
                    hint: "start one with `companion chat --new --model M --fallback-model F \"…\"`")
            }
            let sessionID = try session.map { try ClaudeIDs.parse($0, what: "session") }
            let projectID = try project.map { try ClaudeIDs.parse($0, what: "project") }
            // Ctrl-C is caught from here on: pressed while the request is on its way, it cancels the run as soon as
            // there is one.
            let interrupt = ChatInterrupt()
            defer { interrupt.cancel() }
            let outcome = try await connection.claude { client in
                let id: UUID
                if let sessionID {
                    id = sessionID
                } else {
                    let created = try await client.createSession(
                        CreateSessionRequest(
                            projectId: projectID, name: name, model: model, permissionMode: mode,
                            fallbackModel: fallbackModel))
                    id = created.id
                    if !json { Terminal.printNote("session \(id.uuidString.lowercased())") }
                }
                let options = sessionID == nil ? nil : ChatOptions(model: model, permissionMode: mode)
                let answer = try await client.chat(ChatStreamRequest(prompt: prompt, sessionId: id, options: options))
                return try await ChatPrinter(json: json).follow(
                    answer, sessionID: id, claude: client, interrupt: interrupt)
            }
            switch outcome {
            case .finished: return
            case .failed(let message):
                throw CLIFailure(
                    .chatFailed, "the answer ended in an error: \(message)",
                    hint: "try again; the session can be continued"
                )
            case .interrupted(let id, let cancelled):
                Terminal.printNote(
                    cancelled
                        ? "cancelled on the workstation; continue with: companion chat --session \(id.uuidString.lowercased()) \"…\""
                        : "stopped; the workstation had already finished or could not be told")
                throw ExitCode(ExitStatus.interrupted.rawValue)
            }
        }
    }
}
