import ArgumentParser
import CompanionAPI
import CompanionKit
import Foundation
import Synchronization

/// `companion watch [--json] [--notify] [--exit-on-attention]`: live attention over `/ws`.
struct WatchCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch the workstation's agent sessions live; sessions needing you are listed first.",
        discussion: """
            On a terminal the list is redrawn on every change; with --json every event is printed as one JSON line \
            (session_update, attention, summary_update, snapshot). A dropped connection is resumed from the last \
            event received, so nothing is missed; a broken connection is retried (backoff up to 5 s; it gives up after \
            2 minutes unreachable; a sidecar that cannot be reached at the start is an error at once). Answer a permission request with `companion approve ID` or \
            `companion deny ID`.

            Examples:
              companion watch
              companion watch --prompt --notify
              companion watch --json --exit-on-attention
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Flag(help: "Print each event as one JSON line instead of redrawing.") var json = false
    @Flag(help: "Also show a desktop notification (notify-send) when a session needs you, where there is a desktop.")
    var notify = false
    @Flag(help: "Exit (status 0) once a session needs attention, after printing it.") var exitOnAttention = false
    @Flag(
        help: ArgumentHelp(
            "Answer permission requests typed on standard input (on by default on a terminal).",
            discussion: "a N allows, A N allows for the rest of the session, d N denies; N: the number shown or the id."
        ))
    var prompt = false

    func execute() async throws {
        let view = WatchView(json: json, notify: notify && DesktopNotifier.isAvailable)
        let exitOnAttention = exitOnAttention
        let prompting = prompt || (Terminal.stdinIsTTY && Terminal.stdoutIsTTY && !json)
        try await connection.agents { agents in
            let answers = prompting ? Task { await WatchPrompt(agents: agents, view: view).run() } : nil
            defer { answers?.cancel() }
            try await agents.followEvents { event in
                if prompting, view.mayChangeApprovals(event) {
                    // A session may hold several requests at once while its attention shows one: number them all.
                    view.pending(try? await agents.attention().approvals)
                }
                return view.apply(event) && exitOnAttention ? .stop : .keepFollowing
            }
        }
    }
}

/// The sessions as last seen (CompanionKit's ``AgentSessionBoard``), printed as JSON lines or redrawn.
final class WatchView: Sendable {
    private let json: Bool
    private let notify: Bool
    private let board = Mutex(AgentSessionBoard())
    /// What the last answer typed at the prompt did.
    private let note = Mutex<String?>(nil)

    init(json: Bool, notify: Bool) {
        self.json = json
        self.notify = notify
    }

    /// True when `event` may have raised or settled a held request (the list of them is then asked again).
    func mayChangeApprovals(_ event: AgentEventMessage) -> Bool {
        board.withLock { $0.mayChangeApprovals(event) }
    }

    /// The held requests as the sidecar lists them (nil from an older sidecar: the sessions' attention is used).
    func pending(_ approvals: [AgentPendingApproval]?) {
        board.withLock { $0.pending(approvals) }
    }

    /// The approval a prompt token names: the request drawn with that number, or an id.
    func approval(_ token: String) -> String {
        board.withLock { $0.approval(token) }
    }

    /// The digest of approval `id` as last listed (or shown in its session's attention), nil when unknown.
    func digest(of id: String) -> String? {
        board.withLock { $0.digest(of: id) }
    }

    /// Shows `text` under the list (the outcome of an answer); on standard error with --json.
    func show(_ text: String) {
        note.withLock { $0 = text }
        if json { writeStandardError(text + "\n") } else { redraw() }
    }

    /// Shows one event; true when it raised attention that needs someone.
    func apply(_ event: AgentEventMessage) -> Bool {
        let raised = board.withLock { $0.apply(event) }
        if json {
            try? OutputFormatter.printJSONLine(event, .claudeCode)
        } else {
            redraw()
        }
        if let raised, notify, let attention = raised.attention {
            DesktopNotifier.send(
                title: "Claude Code needs you", body: "\(raised.project ?? raised.id): \(attention.kind)")
        }
        return raised != nil
    }

    private func redraw() {
        let (ordered, waiting, listed, numbered) = board.withLock { board in
            (board.ordered, board.needingAttention, board.held, board.approvalIDs.map { ($0, board.number(of: $0)) })
        }
        var text = Terminal.stdoutIsTTY ? "\u{1B}[H\u{1B}[2J" : ""
        text +=
            "Agent sessions: \(ordered.count), needing you: \(waiting)   (\(Date().formatted(date: .omitted, time: .standard)))\n\n"
        text += AgentPresentation.list(ordered)
        for (id, number) in numbered {
            text += "  [\(number)] \(Terminal.safe(id))"
            if let request = listed?.first(where: { $0.approvalId == id }) {
                // The whole input (what an answer decides), not the summary.
                let input = request.input ?? (request.inputSummary ?? "") + " (summary only: companion approve --show)"
                text += "  \(Terminal.safe(request.tool ?? "?")): \(Terminal.safe(input))"
                if let rules = request.alwaysRules, !rules.isEmpty {
                    text += "  [A keeps \(Terminal.safe(rules.joined(separator: " ")))]"
                }
            }
            text += "\n"
        }
        if !numbered.isEmpty { text += "answer: a N (allow), A N (allow for the session), d N (deny)\n" }
        if let note = note.withLock({ $0 }) { text += note + "\n" }
        writeStandardOutput(text)
    }
}
