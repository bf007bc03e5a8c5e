import CompanionAPI
import Foundation

/// How tasks look on a terminal: status badges, tables, times. Every field comes from the sidecar, so each is
/// printed through ``Terminal/safe(_:layout:)``.
enum TaskPresentation {
    /// A status badge: symbol and word, coloured on a terminal.
    static func badge(_ status: TaskStatus) -> String {
        switch status {
        case .queued: Terminal.styled("○ queued", "33")
        case .running: Terminal.styled("● running", "34;1")
        case .succeeded: Terminal.styled("✓ succeeded", "32")
        case .failed: Terminal.styled("✗ failed", "31;1")
        case .cancelled: Terminal.styled("⊘ cancelled", "90")
        }
    }

    /// Visible width of a badge (without colour codes).
    static func badgeWidth(_ status: TaskStatus) -> Int { status.rawValue.count + 2 }

    /// The task list as an aligned table.
    static func table(_ tasks: [AgentTask]) -> String {
        guard !tasks.isEmpty else { return "No tasks. Create one with `companion tasks create --title ...`.\n" }
        let idWidth = max(2, tasks.map { Terminal.safe($0.id).count }.max() ?? 2)
        var text = pad("ID", idWidth) + "  " + pad("STATUS", 11) + "  " + pad("CREATED", 19) + "  TITLE\n"
        for task in tasks {
            text += pad(Terminal.safe(task.id), idWidth) + "  " + badge(task.status)
            text += String(repeating: " ", count: max(0, 11 - badgeWidth(task.status))) + "  "
            text += pad(localTime(task.createdAt), 19) + "  " + Terminal.safe(task.title) + "\n"
        }
        return text
    }

    /// One task in detail, with its steps.
    static func detail(_ task: AgentTask) -> String {
        var text = "\(Terminal.safe(task.title))\n"
        text += "  id:       \(Terminal.safe(task.id))\n"
        text += "  status:   \(badge(task.status))\n"
        if let repo = task.repoURL { text += "  repo:     \(Terminal.safe(repo))\n" }
        text += "  created:  \(localTime(task.createdAt))\n"
        if let started = task.startedAt { text += "  started:  \(localTime(started))\n" }
        if let finished = task.finishedAt { text += "  finished: \(localTime(finished))\n" }
        if let code = task.exitCode { text += "  exit:     \(code)\n" }
        if let reason = task.failureReason { text += "  reason:   \(Terminal.safe(reason))\n" }
        if !task.description.isEmpty {
            let description = Terminal.safe(task.description, layout: .block)
            text += "  description:\n" + description.split(separator: "\n").map { "    \($0)\n" }.joined()
        }
        if let steps = task.steps, !steps.isEmpty {
            text += "  steps:\n"
            for step in steps {
                let exit = step.exitCode.map { " (exit \($0))" } ?? ""
                text += "    \(pad(Terminal.safe(step.name), 6)) \(badge(step.status))\(exit)\n"
            }
        }
        return text
    }

    static func localTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
