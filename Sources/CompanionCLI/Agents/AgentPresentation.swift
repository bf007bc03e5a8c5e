import CompanionAPI
import Foundation

/// How agent sessions look on a terminal. Everything from the sidecar goes through the terminal sanitizer.
enum AgentPresentation {
    /// A state badge: `[RUN]`, `[INPUT]`, `[IDLE]`, `[DEAD]` (coloured on a colour terminal).
    static func badge(_ state: String) -> String {
        switch state {
        case "running": Terminal.styled("[RUN]  ", "32")
        case "needs_input": Terminal.styled("[INPUT]", "1;33")
        case "idle": Terminal.styled("[IDLE] ", "36")
        case "dead": Terminal.styled("[DEAD] ", "2")
        default: "[" + Terminal.safe(String(state.prefix(5))) + "]"
        }
    }

    /// A state's badge without colour or padding (tables measure their cells, so they hold no escape codes).
    static func plainBadge(_ state: String) -> String {
        switch state {
        case "running": "RUN"
        case "needs_input": "INPUT"
        case "idle": "IDLE"
        case "dead": "DEAD"
        default: Terminal.safe(String(state.prefix(5)))
        }
    }

    /// A table of the sessions (state, id, project, last activity, attention) that fits `width` columns; long
    /// cells end in an ellipsis; nil: no limit.
    static func list(_ sessions: [AgentSessionInfo], width: Int? = nil) -> String {
        guard !sessions.isEmpty else { return "No agent sessions. Start one: companion agents new --project DIR\n" }
        let rows = sessions.map { session in
            [
                plainBadge(session.state), Terminal.safe(session.id), Terminal.safe(session.project ?? "-"),
                ago(session.lastActivity), session.attention.map { "! " + Self.attention($0) } ?? "",
            ]
        }
        return TableFit.text(header: ["STATE", "ID", "PROJECT", "ACTIVE", "ATTENTION"], rows: rows, width: width)
    }

    /// What a session's attention asks for, on one line.
    static func attention(_ attention: AgentAttentionInfo) -> String {
        var text: String
        switch attention.kind {
        case "approval":
            text = "approve? \(Terminal.safe(attention.tool ?? "tool"))"
            if let summary = attention.inputSummary { text += ": " + Terminal.safe(summary) }
            if let id = attention.approvalId { text += "  [companion approve \(Terminal.safe(id))]" }
        case "error": text = "error: " + Terminal.safe(attention.detail ?? "the turn failed")
        default:
            text = "waiting in its terminal"
            if let tool = attention.tool { text += " (\(Terminal.safe(tool)))" }
        }
        return text
    }

    /// A session in full.
    static func detail(_ session: AgentSessionInfo) -> String {
        var text = "\(badge(session.state)) \(Terminal.safe(session.id))\n"
        text += "  source:        \(Terminal.safe(session.source))\n"
        text += "  project:       \(Terminal.safe(session.project ?? "-"))\n"
        text += "  last activity: \(ClaudeAPIJSON.string(from: session.lastActivity)) (\(ago(session.lastActivity)))\n"
        if let claude = session.claudeSessionId { text += "  claude session: \(Terminal.safe(claude))\n" }
        if let tmux = session.tmuxSession { text += "  tmux session:  \(Terminal.safe(tmux))\n" }
        if let attention = session.attention { text += "  attention:     \(self.attention(attention))\n" }
        if let summary = session.summary { text += "  summary:       \(Terminal.safe(summary))\n" }
        return text
    }

    /// Terminal lines from the sidecar, each sanitized.
    static func terminal(_ lines: [String]) -> String {
        lines.map { Terminal.safe($0, layout: .line) + "\n" }.joined()
    }

    static func ago(_ date: Date) -> String {
        let seconds = max(0, Int(Date().timeIntervalSince(date)))
        if seconds < 60 { return "\(seconds)s ago" }
        if seconds < 3600 { return "\(seconds / 60)m ago" }
        return "\(seconds / 3600)h ago"
    }
}
