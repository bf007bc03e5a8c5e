import ArgumentParser
import CompanionAPI
import CompanionClient
import Foundation

/// What `approve` and `deny` decide: the held request as the sidecar lists it now, whose digest the decision
/// carries, so it applies to exactly the request shown (the sidecar refuses with 409 when what it holds differs).
enum HeldRequest {
    /// The request `id` as `GET /api/attention` lists it; nil when it is not listed (already answered, unknown, or a
    /// session's id), in which case the sidecar's refusal says which.
    static func listed(_ client: AgentClient, id: String) async throws(CompanionClientError) -> AgentPendingApproval? {
        try await client.attention().approvals?.first { $0.approvalId == id }
    }

    /// One line naming the request decided: its id, session, tool and input as shown.
    static func line(_ verb: String, _ answer: ApprovalDecisionResponse, _ shown: AgentPendingApproval?) -> String {
        var text = "\(verb) \(Terminal.safe(answer.approvalId)) (session \(Terminal.safe(answer.sessionId)))"
        if let shown { text += ": \(Terminal.safe(shown.tool ?? "?")) \(Terminal.safe(shown.inputSummary ?? ""))" }
        return text
    }
}

/// `companion approve ID [--always]`.
struct ApproveCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Allow a permission request an agent session is waiting on (ID: the approval's id).",
        discussion: """
            Examples:
              companion approve "$APPROVAL_ID"
              companion approve "$APPROVAL_ID" --always --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The approval id (from `companion watch` or `agents show`).") var id: String
    @Flag(help: "Also allow this tool for the rest of the session.") var always = false
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let (answer, shown) = try await connection.agents { client in
                let shown = try await HeldRequest.listed(client, id: id)
                return (try await client.approve(id: id, digest: shown?.digest, always: always), shown)
            }
            if json { try Terminal.printClaudeJSON(answer) } else { print(HeldRequest.line("Allowed", answer, shown)) }
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
    @Argument(help: "The approval id (from `companion watch` or `agents show`).") var id: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let (answer, shown) = try await connection.agents { client in
                let shown = try await HeldRequest.listed(client, id: id)
                return (try await client.deny(id: id, digest: shown?.digest), shown)
            }
            if json { try Terminal.printClaudeJSON(answer) } else { print(HeldRequest.line("Denied", answer, shown)) }
        }
    }
}
