import CompanionAPI
import Foundation

/// How projects, sessions and transcripts are shown on a terminal. Everything here came from the workstation
/// (names, paths, prompts, answers), so every field goes through `Terminal.safe`.
enum ClaudePresentation {
    static func date(_ date: Date) -> String {
        ClaudeAPIJSON.string(from: date).replacingOccurrences(of: "T", with: " ").replacingOccurrences(
            of: "Z", with: "")
    }

    /// The projects as a table that fits `width` columns (long cells end in an ellipsis); nil: no limit.
    static func projects(_ projects: [Project], width: Int? = nil) -> String {
        guard !projects.isEmpty else {
            return
                "No Claude Code projects on the workstation yet (they appear once `claude` has run in a directory).\n"
        }
        let rows = projects.map { project in
            [
                project.id.uuidString.lowercased(), date(project.lastAccessedAt), String(project.sessionCount ?? 0),
                Terminal.safe(project.path),
            ]
        }
        return TableFit.text(header: ["ID", "ACTIVE", "SESSIONS", "PATH"], rows: rows, width: width)
    }

    static func project(_ project: Project) -> String {
        """
        Project   \(Terminal.safe(project.name))
        Id        \(project.id.uuidString.lowercased())
        Path      \(Terminal.safe(project.path))
        Sessions  \(project.sessionCount ?? 0)
        Created   \(date(project.createdAt))
        Active    \(date(project.lastAccessedAt))
        """
    }

    /// The sessions as a table that fits `width` columns (long cells end in an ellipsis); nil: no limit.
    static func sessions(_ sessions: [ChatSession], width: Int? = nil) -> String {
        guard !sessions.isEmpty else { return "No sessions.\n" }
        let rows = sessions.map { session in
            [
                session.id.uuidString.lowercased(), date(session.lastActiveAt), String(session.messageCount),
                session.source == .external ? "external, read-only" : session.status.rawValue,
                Terminal.safe(String((session.name ?? session.firstPrompt ?? "(untitled)").prefix(70))),
                Terminal.safe(session.projectName ?? "-"),
            ]
        }
        return TableFit.text(
            header: ["ID", "ACTIVE", "MSGS", "STATE", "TITLE", "PROJECT"], rows: rows, width: width)
    }

    static func session(_ session: ChatSession) -> String {
        var lines = [
            "Session   \(session.id.uuidString.lowercased())"
                + (session.source == .external ? "  (external, read-only)" : ""),
            "Name      \(Terminal.safe(session.name ?? session.firstPrompt ?? "(untitled)"))",
            "Status    \(session.status.rawValue)", "Model     \(Terminal.safe(session.model))",
            "Messages  \(session.messageCount)", "Active    \(date(session.lastActiveAt))",
        ]
        if let project = session.projectName { lines.append("Project   \(Terminal.safe(project))") }
        if let claude = session.claudeSessionId { lines.append("Claude    \(Terminal.safe(claude))") }
        if let forked = session.forkedFrom { lines.append("Forked    from \(forked.uuidString.lowercased())") }
        if let cost = session.totalCostUSD { lines.append(String(format: "Cost      $%.4f", cost)) }
        return lines.joined(separator: "\n")
    }

    static func transcript(_ messages: [Message]) -> String {
        var text = ""
        for message in messages {
            text += Terminal.styled("\(message.role.rawValue) · \(date(message.createdAt))", "1") + "\n"
            if !message.content.isEmpty { text += Terminal.safe(message.content, layout: .block) + "\n" }
            if let calls = message.toolCalls { text += Terminal.styled("tools: ", "2") + Terminal.safe(calls) + "\n" }
            if let results = message.toolResults {
                text += Terminal.styled("results: ", "2") + Terminal.safe(String(results.prefix(400))) + "\n"
            }
            text += "\n"
        }
        return text
    }
}
