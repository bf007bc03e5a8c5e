import ArgumentParser
import CompanionAPI
import CompanionKit
import Foundation

/// What `approve` and `deny` decide: the held request as the sidecar lists it now, whose digest the decision
/// carries, so it applies to exactly the request shown (the sidecar refuses with 409 when what it holds differs).
enum HeldRequest {
    /// The request `id` as `GET /api/attention` lists it; nil when it is not listed (already answered, unknown, or a
    /// session's id), in which case the sidecar's refusal says which.
    static func listed(_ agents: WorkstationAgents, id: String) async throws(CompanionError) -> AgentPendingApproval? {
        try await agents.attention().approvals?.first { $0.approvalId == id }
    }

    /// One line naming the request decided: its id, session, tool and input as shown.
    static func line(_ verb: String, _ answer: ApprovalDecisionResponse, _ shown: AgentPendingApproval?) -> String {
        var text = "\(verb) \(Terminal.safe(answer.approvalId)) (session \(Terminal.safe(answer.sessionId)))"
        if let shown { text += ": \(Terminal.safe(shown.tool ?? "?")) \(Terminal.safe(shown.inputSummary ?? ""))" }
        return text
    }

    /// The request as listed, or a failure saying it is not held (`--show` has nothing to show).
    static func required(_ agents: WorkstationAgents, id: String) async throws -> AgentPendingApproval {
        guard let request = try await listed(agents, id: id) else {
            throw CLIFailure(
                .failure,
                "no permission request \(Terminal.safe(id)) is held (already answered, or not an approval id)",
                hint: "companion watch lists the held requests")
        }
        return request
    }

    /// The whole request, as a device shows it before deciding: its tool, session, project, whole input, the rules
    /// `--always` keeps and its digest (which `--digest` takes back).
    static func details(_ request: AgentPendingApproval) -> String {
        var text = "approval \(Terminal.safe(request.approvalId))  session \(Terminal.safe(request.sessionId))\n"
        text += "  tool:     \(Terminal.safe(request.tool ?? "?"))\n"
        if let project = request.project { text += "  project:  \(Terminal.safe(project))\n" }
        if let input = request.input {
            text += "  input:    \(Terminal.safe(input))\n"
        } else if let bytes = request.inputBytes, bytes > 0 {
            text += "  input:    \(bytes) bytes, too long to show: deny it, or answer it in the terminal\n"
        } else {
            text += "  summary:  \(Terminal.safe(request.inputSummary ?? ""))  (this sidecar shows no more)\n"
        }
        let rules = (request.alwaysRules ?? []).map { Terminal.safe($0) }
        text +=
            "  --always: "
            + (rules.isEmpty ? "refused (Claude Code suggested no rule)" : "keeps \(rules.joined(separator: " "))")
            + "\n"
        text += "  digest:   \(Terminal.safe(request.digest ?? "none"))\n"
        return text
    }
}

/// `--show` and `--digest` of `approve` and `deny`: look at the whole request first, then decide exactly that one.
struct ShownRequestOptions: ParsableArguments {
    @Flag(help: "Show the held request in full (its whole input, what --always keeps, its digest); decide nothing.")
    var show = false
    @Option(help: "Decide only if the held request has this digest (as --show printed it); default: as listed now.")
    var digest: String?

    /// Prints the request (`--show`) and returns true, or returns false to go on deciding.
    func showed(_ connection: TaskConnectionOptions, id: String, json: Bool) async throws -> Bool {
        guard show else { return false }
        let request = try await connection.agents { client in try await HeldRequest.required(client, id: id) }
        if json {
            try OutputFormatter.printJSON(request, .claudeCode)
        } else {
            print(HeldRequest.details(request), terminator: "")
        }
        return true
    }
}

/// `companion approve ID [--always]`.
struct ApproveCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "approve",
        abstract: "Allow a permission request an agent session is waiting on (ID: the approval's id).",
        discussion: """
            Examples:
              companion approve "$APPROVAL_ID" --show      # the whole input and its digest
              companion approve "$APPROVAL_ID" --digest "$DIGEST"
              companion approve "$APPROVAL_ID" --always --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The approval id (from `companion watch` or `agents show`).") var id: String
    @Flag(
        help: ArgumentHelp(
            "Also keep the rule Claude Code suggested for this request for the rest of the session.",
            discussion: "Refused when Claude Code suggested none (it would allow the whole tool); --show names it."))
    var always = false
    @OptionGroup var shown: ShownRequestOptions
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            if try await self.shown.showed(connection, id: id, json: json) { return }
            let given = self.shown.digest
            let (answer, shown) = try await connection.agents { client in
                let shown = try await HeldRequest.listed(client, id: id)
                return (try await client.approve(id: id, digest: given ?? shown?.digest, always: always), shown)
            }
            if json {
                try OutputFormatter.printJSON(answer, .claudeCode)
            } else {
                print(HeldRequest.line("Allowed", answer, shown))
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
    @Argument(help: "The approval id (from `companion watch` or `agents show`).") var id: String
    @OptionGroup var shown: ShownRequestOptions
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            if try await self.shown.showed(connection, id: id, json: json) { return }
            let given = self.shown.digest
            let (answer, shown) = try await connection.agents { client in
                let shown = try await HeldRequest.listed(client, id: id)
                return (try await client.deny(id: id, digest: given ?? shown?.digest), shown)
            }
            if json {
                try OutputFormatter.printJSON(answer, .claudeCode)
            } else {
                print(HeldRequest.line("Denied", answer, shown))
            }
        }
    }
}
