import Foundation

/// What a pane's screen says about the agent in it: the fallback when no hook has spoken recently.
package enum PaneClassification: String, Sendable, Equatable, Codable {
    /// Working: a spinner or "esc to interrupt".
    case busy
    /// A permission dialog waits for an answer.
    case permissionDialog = "permission_dialog"
    /// The input prompt, nothing running.
    case prompt
    /// An error banner (API error, crash).
    case error
    /// Nothing recognised.
    case unknown
}

/// Classifies the text of a pane (Claude Code's terminal interface, or a shell).
package enum PaneClassifier {
    /// Spinner glyphs Claude Code shows before its "…" status words while it works.
    static let spinnerGlyphs: Set<Character> = ["✻", "✽", "✶", "✳", "✢", "·", "*", "⏺"]

    /// The classification of `lines` (the pane's last lines, top to bottom). A dialog wins over everything, an
    /// error banner over busy, busy over a prompt.
    package static func classify(_ lines: [String]) -> PaneClassification {
        let screen = lines.suffix(40)
        if screen.contains(where: {
            $0.contains("Do you want to proceed?") || $0.contains("Do you want to make this edit")
        })
            || screen.contains(where: { $0.contains("❯ 1. Yes") })
        {
            return .permissionDialog
        }
        let bottom = screen.suffix(12)
        if bottom.contains(where: { $0.contains("API Error") || $0.contains("⎿  Error:") }) { return .error }
        if bottom.contains(where: { isBusyLine($0) }) { return .busy }
        if bottom.contains(where: { isPromptLine($0) }) { return .prompt }
        return .unknown
    }

    static func isBusyLine(_ line: String) -> Bool {
        if line.contains("esc to interrupt") { return true }
        let trimmed = line.drop { $0 == " " }
        guard let first = trimmed.first, spinnerGlyphs.contains(first) else { return false }
        // "✻ Brewing… (3s · esc to interrupt)": a word ending in an ellipsis after the glyph.
        let words = trimmed.dropFirst().split(separator: " ")
        return words.first.map { $0.hasSuffix("…") } ?? false
    }

    static func isPromptLine(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed == "❯" || trimmed == ">" || trimmed.hasSuffix("$")
    }
}
