import Foundation

/// One hook event Claude Code posted, reduced to what the session model needs.
///
/// The bodies carry the user's prompts, tool inputs and the model's answers: this type is never logged, and its
/// `description` names only the event and the session.
package struct ClaudeHookEvent: Sendable, CustomStringConvertible {
    /// Largest body accepted (Claude Code's are a few KiB; a tool input may be larger).
    package static let maxBodyBytes = 1 << 20
    /// Longest tool input summary kept.
    static let summaryLength = 240

    /// `hook_event_name` (an event the companion does not register is kept as `.other`).
    package enum Kind: Sendable, Equatable {
        case known(HookEventName)
        case other(String)
    }

    package var kind: Kind
    /// Claude Code's `session_id`.
    package var sessionID: String
    /// The session's working directory (`cwd`).
    package var workingDirectory: String?
    /// `notification_type` of a Notification (`permission_prompt`, `idle_prompt`, …).
    package var notificationType: String?
    /// `tool_name` of a PermissionRequest or PostToolUse.
    package var toolName: String?
    /// A short, one-line summary of `tool_input` (the command of a Bash call, the path of an edit, else compact JSON).
    package var toolInputSummary: String?
    /// `tool_name` and `tool_input` as JSON, for the approval's digest in the audit log.
    package var toolDigestSource: [UInt8]
    /// The whole `tool_input` as JSON (keys sorted), what a device deciding the request is shown.
    package var toolInputText: String?
    /// The allow rules Claude Code suggests for a PermissionRequest (`permission_suggestions`) for its tool.
    package var suggestedRules: [PermissionRule]
    /// The model's last answer (`last_assistant_message` of Stop), cut to a summary.
    package var lastAssistantMessage: String?
    /// `reason` of SessionEnd, `error` of StopFailure: short words, not content.
    package var reason: String?
    /// The agent session the `claude` runs in, when the sidecar started it (``CompanionAgents/agentHeader``).
    package var agentID: String?

    package var description: String { "hook \(kindName) for session \(sessionID)" }

    /// The event's name as Claude Code sent it.
    package var kindName: String {
        switch kind {
        case .known(let name): name.rawValue
        case .other(let name): name
        }
    }

    /// Parses a hook body; nil when it is not a JSON object with string `hook_event_name` and `session_id`.
    package init?(body: [UInt8], agentHeader: String?) {
        guard body.count <= Self.maxBodyBytes,
            let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let name = object["hook_event_name"] as? String, !name.isEmpty, name.count <= 64,
            let session = object["session_id"] as? String, Self.isPlausibleID(session)
        else { return nil }
        kind = HookEventName(rawValue: name).map(Kind.known) ?? .other(name)
        sessionID = session
        workingDirectory = object["cwd"] as? String
        notificationType = object["notification_type"] as? String
        toolName = object["tool_name"] as? String
        let input = object["tool_input"]
        toolInputSummary = input.map { Self.summary(of: $0) }
        toolInputText = input.flatMap { input in
            let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
            return (try? JSONSerialization.data(withJSONObject: input, options: options))
                .map { String(decoding: $0, as: UTF8.self) }
        }
        suggestedRules = PermissionRule.suggested(in: object["permission_suggestions"], tool: toolName)
        let digestObject: [String: Any] = ["tool_name": toolName ?? "", "tool_input": input ?? NSNull()]
        toolDigestSource =
            (try? JSONSerialization.data(withJSONObject: digestObject, options: [.sortedKeys])).map { [UInt8]($0) }
            ?? []
        lastAssistantMessage = (object["last_assistant_message"] as? String).map { Self.oneLine($0, limit: 400) }
        reason = ((object["reason"] as? String) ?? (object["error"] as? String)).map { Self.oneLine($0, limit: 120) }
        if let agentHeader, Self.isPlausibleID(agentHeader) { agentID = agentHeader }
    }

    /// Session and agent ids: 1–128 characters of letters, digits, `-` and `_`.
    package static func isPlausibleID(_ text: String) -> Bool {
        (1...128).contains(text.utf8.count)
            && text.utf8.allSatisfy {
                $0 == 0x2D || $0 == 0x5F || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0)
                    || (0x61...0x7A).contains($0)
            }
    }

    static func summary(of input: Any) -> String {
        if let object = input as? [String: Any] {
            for key in ["command", "file_path", "path", "url", "pattern"] {
                if let value = object[key] as? String { return oneLine(value, limit: summaryLength) }
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: input, options: [.sortedKeys, .fragmentsAllowed]))
        return oneLine(data.map { String(decoding: $0, as: UTF8.self) } ?? "", limit: summaryLength)
    }

    /// `text` on one line (whitespace runs as one space), at most `limit` characters (`…` when cut).
    static func oneLine(_ text: String, limit: Int) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.count <= limit ? words : String(words.prefix(limit - 1)) + "…"
    }
}
