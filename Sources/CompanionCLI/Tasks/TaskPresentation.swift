import CompanionAPI
import Foundation

/// How tasks look on a terminal: status badges, tables, times. Every field comes from the sidecar, so each is
/// printed through ``Terminal/safe(_:layout:)``.
enum TaskPresentation {
    /// A status badge: symbol and word, coloured on a terminal.
    static func badge(_ status: TaskStatus) -> String {
        switch status {
        case .queued: Terminal.styled(plainBadge(status), "33")
        case .running: Terminal.styled(plainBadge(status), "34;1")
        case .succeeded: Terminal.styled(plainBadge(status), "32")
        case .failed: Terminal.styled(plainBadge(status), "31;1")
        case .cancelled: Terminal.styled(plainBadge(status), "90")
        }
    }

    /// A status badge without colour (tables measure their cells, so they hold no escape codes).
    static func plainBadge(_ status: TaskStatus) -> String {
        switch status {
        case .queued: "○ queued"
        case .running: "● running"
        case .succeeded: "✓ succeeded"
        case .failed: "✗ failed"
        case .cancelled: "⊘ cancelled"
        }
    }

    /// The task list as a table that fits `width` columns (long ids and titles end in an ellipsis); nil: no limit.
    static func table(_ tasks: [AgentTask], width: Int? = nil) -> String {
        guard !tasks.isEmpty else { return "No tasks. Create one with `companion tasks create --title ...`.\n" }
        let rows = tasks.map { task in
            [Terminal.safe(task.id), plainBadge(task.status), localTime(task.createdAt), Terminal.safe(task.title)]
        }
        return TableFit.text(header: ["ID", "STATUS", "CREATED", "TITLE"], rows: rows, width: width)
    }

    /// One task in detail, with its steps.
    static func detail(_ task: AgentTask) -> String {
        var text = "\(Terminal.safe(task.title))\n"
        text += "  id:       \(Terminal.safe(task.id))\n"
        text += "  status:   \(badge(task.status))\n"
        if let repo = task.repoURL { text += "  repo:     \(Terminal.safe(repo))\n" }
        if let pr = task.pr { text += "  reviews:  pull request #\(pr)\n" }
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
