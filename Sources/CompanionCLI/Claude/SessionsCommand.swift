import ArgumentParser
import CompanionAPI
import Foundation

/// `companion sessions …`: the workstation's Claude Code sessions.
struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List, read, fork and delete Claude Code sessions on the workstation.",
        subcommands: [
            SessionsListCommand.self, SessionsShowCommand.self, SessionsForkCommand.self, SessionsDeleteCommand.self,
        ],
        defaultSubcommand: SessionsListCommand.self)
}

/// `companion sessions list [--project ID] [--external]`.
struct SessionsListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List sessions, most recently active first: the ones the sidecar runs and, read-only, the rest.",
        discussion: """
            Examples:
              companion sessions list
              companion sessions list --wide
              companion sessions list --project PROJECT-ID --limit 10 --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Option(help: "Only the sessions of this project (an id from `companion projects`).") var project: String?
    @Flag(help: "Only the external sessions (started elsewhere; read-only).") var external = false
    @Option(help: "How many to show (1–100).") var limit = 50
    @Option(help: "Which page of --limit sessions.") var page = 1
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            guard (1...100).contains(limit), page >= 1 else {
                throw CLIFailure(.usage, "--limit must be 1–100 and --page at least 1")
            }
            let projectID = try project.map { try ClaudeIDs.parse($0, what: "project") }
            let result = try await connection.claude { client in
                try await client.sessions(page: page, limit: limit, projectId: projectID)
            }
            let items = external ? result.items.filter { $0.source == .external } : result.items
            if json {
                try OutputFormatter.printJSON(
                    PaginatedResponse(items: items, total: result.total, hasMore: result.hasMore), .claudeCode)
                return
            }
            print(ClaudePresentation.sessions(items, width: table.width), terminator: "")
            if result.hasMore { print("(more: --page \(page + 1))") }
        }
    }
}

/// `companion sessions show ID`: a session and the end of its transcript.
struct SessionsShowCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show a session and its transcript, the last messages first paged from the end.",
        discussion: """
            Examples:
              companion sessions show SESSION-ID
              companion sessions show SESSION-ID --page 2 --limit 50
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id (from `companion sessions list`).") var id: String
    @Option(help: "How many messages per page (1–1000).") var limit = 20
    @Option(help: "Which page, counted from the end (1 = the last messages).") var page = 1
    @Flag(help: "Print the API's JSON (the session and the page of messages).") var json = false

    struct Output: Codable, Sendable {
        var session: ChatSession
        var messages: ListResponse<Message>
    }

    func execute() async throws {
        try await ClientRun.run(json: json) {
            guard (1...1000).contains(limit), page >= 1 else {
                throw CLIFailure(.usage, "--limit must be 1–1000 and --page at least 1")
            }
            let id = try ClaudeIDs.parse(id, what: "session")
            let limit = limit
            let page = page
            let (session, messages) = try await connection.claude { client in
                let session = try await client.session(id: id)
                let total = session.messageCount
                let offset = max(total - page * limit, 0)
                let count = min(limit, max(total - (page - 1) * limit, 0))
                return (session, try await client.messages(sessionId: id, limit: max(count, 1), offset: offset))
            }
            if json {
                try OutputFormatter.printJSON(Output(session: session, messages: messages), .claudeCode)
                return
            }
            print(ClaudePresentation.session(session))
            print("")
            print(ClaudePresentation.transcript(messages.items), terminator: "")
            let shown = (page - 1) * limit + messages.items.count
            if shown < messages.total { print("(earlier messages: --page \(page + 1))") }
            if session.source == .external { print("This session was started outside the sidecar: it is read-only.") }
        }
    }
}

/// `companion sessions fork ID`.
struct SessionsForkCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "fork", abstract: "Fork a session: a new session with the same history; the original is kept.",
        discussion: """
            Examples:
              companion sessions fork SESSION-ID
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id.") var id: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let id = try ClaudeIDs.parse(id, what: "session")
            let fork = try await connection.claude { try await $0.forkSession(id: id) }
            if json {
                try OutputFormatter.printJSON(fork, .claudeCode)
            } else {
                print(
                    "Forked into \(fork.id.uuidString.lowercased())  (continue: companion chat --session \(fork.id.uuidString.lowercased()) \"…\")"
                )
            }
        }
    }
}

/// `companion sessions delete ID`.
struct SessionsDeleteCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Forget a session the sidecar runs (Claude Code's transcript stays on the workstation).",
        discussion: """
            Examples:
              companion sessions delete SESSION-ID
              companion sessions delete SESSION-ID --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The session id.") var id: String
    @Flag(help: "Print the API's JSON (errors too).") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let id = try ClaudeIDs.parse(id, what: "session")
            let deleted = try await connection.claude { try await $0.deleteSession(id: id) }
            if json { return try OutputFormatter.printJSON(deleted, .claudeCode) }
            print("Deleted \(id.uuidString.lowercased())")
        }
    }
}
