import ArgumentParser
import CompanionAPI
import Foundation

/// `companion approve ID [--always]`.
struct ApproveCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Allow a permission request an agent session is waiting on (ID: the approval or its session).",
        discussion: """
            Examples:
              companion approve "$APPROVAL_ID"
              companion approve "$APPROVAL_ID" --always --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The approval id (from `companion watch`) or the session's id.") var id: String
    @Flag(help: "Also allow this tool for the rest of the session.") var always = false
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let answer = try await connection.agents { try await $0.approve(id: id, always: always) }
            if json {
                try Terminal.printClaudeJSON(answer)
            } else {
                print("Allowed \(Terminal.safe(answer.approvalId)) (session \(Terminal.safe(answer.sessionId)))")
            }
        }
    }
}

/// `companion deny ID`.
struct DenyCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "deny", abstract: "Deny a permission request an agent session is waiting on.",
        discussion: """
            Examples:
              companion deny "$APPROVAL_ID"
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The approval id or the session's id.") var id: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let answer = try await connection.agents { try await $0.deny(id: id) }
            if json {
                try Terminal.printClaudeJSON(answer)
            } else {
                print("Denied \(Terminal.safe(answer.approvalId)) (session \(Terminal.safe(answer.sessionId)))")
            }
        }
    }
}
