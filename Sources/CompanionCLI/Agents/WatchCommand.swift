import ArgumentParser
import CompanionAPI
import CompanionClient
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
        try await connection.agents { client in
            let answers = prompting ? Task { await WatchPrompt(client: client, view: view).run() } : nil
            defer { answers?.cancel() }
            let outcome = try await AgentAccess.events(client).follow(cursor: AgentEventCursor()) { event in
                if prompting, view.mayChangeApprovals(event) {
                    // A session may hold several requests at once while its attention shows one: number them all.
                    view.pending(try? await client.attention().approvals)
                }
                if view.apply(event), exitOnAttention { throw AgentEventSocket.Stop() }
                return []
            }
            if case .unauthorized(let reason) = outcome { throw AgentAccess.unauthorized(reason) }
        }
    }
}

/// The sessions as last seen, printed as JSON lines or redrawn.
final class WatchView: Sendable {
    private let json: Bool
    private let notify: Bool
    private let sessions = Mutex<[String: AgentSessionInfo]>([:])
    /// The number each held request was first drawn with: a request keeps its number while it is listed and the
    /// number is never given to another, so an answer typed for a number reaches the request shown with it, or
    /// none (when it left the list meanwhile), never the next one.
    private let numbers = Mutex<(byID: [String: Int], next: Int)>(([:], 1))
    /// Every request held for a device, as `GET /api/attention` last listed them (nil: not asked).
    private let held = Mutex<[AgentPendingApproval]?>(nil)

    /// True when `event` may have raised or settled a held request (the list of them is then asked again).
    func mayChangeApprovals(_ event: AgentEventMessage) -> Bool {
        event.type == "snapshot" || event.type == "attention" || event.session?.state == "needs_input"
            || held.withLock { !($0 ?? []).isEmpty }
    }

    /// The held requests as the sidecar lists them (nil from an older sidecar: the sessions' attention is used).
    func pending(_ approvals: [AgentPendingApproval]?) {
        held.withLock { $0 = approvals }
    }
    /// What the last answer typed at the prompt did.
    private let note = Mutex<String?>(nil)

    /// The approval a prompt token names: the request drawn with that number, or an id.
    func approval(_ token: String) -> String {
        guard let number = Int(token) else { return token }
        return numbers.withLock { $0.byID.first { $0.value == number }?.key } ?? token
    }

    /// The number of held request `id` (given on first sight).
    private func number(of id: String) -> Int {
        numbers.withLock { numbers in
            if let number = numbers.byID[id] { return number }
            defer { numbers.next += 1 }
            numbers.byID[id] = numbers.next
            return numbers.next
        }
    }

    /// The digest of approval `id` as last listed (or shown in its session's attention), nil when unknown.
    func digest(of id: String) -> String? {
        if let listed = held.withLock({ $0?.first { $0.approvalId == id } }) { return listed.digest }
        return sessions.withLock { $0.values.compactMap(\.attention).first { $0.approvalId == id }?.digest }
    }

    /// Shows `text` under the list (the outcome of an answer); on standard error with --json.
    func show(_ text: String) {
        note.withLock { $0 = text }
        if json { writeStandardError(text + "\n") } else { redraw() }
    }

    init(json: Bool, notify: Bool) {
        self.json = json
        self.notify = notify
    }

    /// Shows one event; true when it raised attention that needs someone.
    func apply(_ event: AgentEventMessage) -> Bool {
        var raised: AgentSessionInfo?
        sessions.withLock { sessions in
            if let all = event.sessions { sessions = Dictionary(all.map { ($0.id, $0) }) { $1 } }
            if let session = event.session {
                let before = sessions[session.id]?.attention
                sessions[session.id] = session
                if session.attention != nil, before != session.attention { raised = session }
            }
            if event.type == "removed", let id = event.sessionId { sessions[id] = nil }
            if event.type == "snapshot", let first = event.sessions?.first(where: { $0.attention != nil }) {
                raised = first
            }
        }
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
        let all = sessions.withLock { Array($0.values) }
        let ordered = all.sorted {
            (($0.attention == nil ? 1 : 0), $1.lastActivity) < (($1.attention == nil ? 1 : 0), $0.lastActivity)
        }
        var text = Terminal.stdoutIsTTY ? "\u{1B}[H\u{1B}[2J" : ""
        let listed = held.withLock { $0 }
        let approvals = listed?.map(\.approvalId) ?? ordered.compactMap { $0.attention?.approvalId }
        let waiting = all.filter { $0.attention != nil }.count
        text +=
            "Agent sessions: \(all.count), needing you: \(waiting)   (\(Date().formatted(date: .omitted, time: .standard)))\n\n"
        text += AgentPresentation.list(ordered)
        for id in approvals {
            text += "  [\(number(of: id))] \(Terminal.safe(id))"
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
        if !approvals.isEmpty { text += "answer: a N (allow), A N (allow for the session), d N (deny)\n" }
        if let note = note.withLock({ $0 }) { text += note + "\n" }
        writeStandardOutput(text)
    }
}
