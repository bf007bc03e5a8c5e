import CompanionAPI
import CompanionAgents
import Foundation

/// The notification a change makes, as much of it as ``PushDetail`` allows: `none` names nothing (no tool, no
/// project, no task title), `summary` the tool's name and the project's directory name, or the task's title; a
/// tool's input never. Text from agents and tasks is cut short and stripped of control and bidi characters, since a
/// lock screen shows it as it is.
enum PushMessages {
    /// The message for a session whose attention was raised, nil for attention that tells nobody anything (an error
    /// banner) or none.
    static func attention(_ session: AgentSession, detail: PushDetail) -> PushPayload? {
        guard let attention = session.attention else { return nil }
        let project = session.project.map { URL(fileURLWithPath: $0).lastPathComponent }.map(clean)
        switch attention.kind {
        case .approval:
            guard let approvalID = attention.approvalID else { return nil }
            var body = "An agent needs you"
            if detail == .summary {
                body = "\(clean(attention.toolName ?? "A tool")) wants to run" + (project.map { " in \($0)" } ?? "")
            }
            return PushPayload(
                kind: .attention, title: "An agent needs you", body: body,
                url: "/app/#/attention/\(approvalID)", attentionId: approvalID, digest: attention.digest)
        case .input:
            var body = "An agent is waiting for input"
            if detail == .summary, let project { body += " in \(project)" }
            return PushPayload(
                kind: .waiting, title: "An agent is waiting", body: body, url: "/app/#/agents/\(session.id)")
        case .error:
            return nil
        }
    }

    /// The message for a task that ended.
    static func taskFinished(_ task: AgentTask, status: TaskStatus, detail: PushDetail) -> PushPayload {
        var body = "A task \(status.rawValue)"
        if detail == .summary { body = "“\(clean(task.title))” \(status.rawValue)" }
        return PushPayload(
            kind: .taskFinished, title: "A task finished", body: body, url: "/app/#/tasks/\(task.id)",
            taskId: task.id)
    }

    /// At most 80 characters, without control characters, bidi controls or line breaks.
    static func clean(_ text: String) -> String {
        let kept = text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x00..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF: false
            default: true
            }
        }
        var result = String(String.UnicodeScalarView(kept))
        if result.count > 80 { result = String(result.prefix(79)) + "…" }
        return result
    }
}
