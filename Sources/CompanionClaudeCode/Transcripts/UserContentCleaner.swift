import Foundation

/// What Claude Code injects into the user side of a transcript, told apart from what the user typed: system
/// reminders are removed; slash-command wrappers, their output and task notifications become system notices;
/// caveats are hidden.
enum UserContentCleaner {
    /// The user's text as a message, a system notice, or nothing.
    enum Cleaned: Equatable {
        case prompt(String)
        case notice(String)
        case hidden
    }

    static func clean(_ raw: String) -> Cleaned {
        let text = removing(tag: "system-reminder", from: raw).trimmingWhitespace
        if text.isEmpty { return .hidden }
        guard text.hasPrefix("<") || text.hasPrefix("[Request interrupted") else { return .prompt(text) }
        if text.hasPrefix("[Request interrupted") { return .notice(text) }
        if let name = inner(of: "command-name", in: text) {
            let arguments = inner(of: "command-args", in: text) ?? ""
            return .notice(arguments.isEmpty ? name : name + " " + arguments)
        }
        for tag in ["local-command-stdout", "local-command-stderr", "bash-stdout", "bash-stderr"] {
            if let output = inner(of: tag, in: text) { return output.isEmpty ? .hidden : .notice(output) }
        }
        if let input = inner(of: "bash-input", in: text) { return .notice("! " + input) }
        if text.hasPrefix("<local-command-caveat>") { return .hidden }
        if text.hasPrefix("<task-notification>") {
            return .notice(inner(of: "summary", in: text) ?? "Background task finished")
        }
        return .prompt(text)
    }

    /// The text between the first `<tag>` and the following `</tag>`, trimmed.
    static func inner(of tag: String, in text: String) -> String? {
        guard let open = text.range(of: "<\(tag)>"),
            let close = text.range(of: "</\(tag)>", range: open.upperBound..<text.endIndex)
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound]).trimmingWhitespace
    }

    /// `text` without any `<tag>…</tag>` block (an unclosed one runs to the end).
    static func removing(tag: String, from text: String) -> String {
        // No `<` byte, no tag (checked first: Foundation's search costs far more than a byte scan).
        guard text.utf8.contains(UInt8(ascii: "<")), text.contains("<\(tag)>") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "<\(tag)>") {
            result += rest[..<open.lowerBound]
            guard let close = rest.range(of: "</\(tag)>", range: open.upperBound..<rest.endIndex) else {
                return result
            }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}

extension StringProtocol {
    var trimmingWhitespace: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
