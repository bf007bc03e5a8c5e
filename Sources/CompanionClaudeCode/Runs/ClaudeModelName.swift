/// A model name Claude Code accepts with `--model`, validated before anything is spawned: a known alias
/// (``aliases``) or a full `claude-…` id of at most ``maximumLength`` characters from `[a-z0-9.-]` (plus `[1m]`-style
/// context suffixes: `[`, `]`), so nothing that reaches the argv can look like an option or carry spaces.
package struct ClaudeModelName: Sendable, Hashable, CustomStringConvertible {
    /// The aliases Claude Code resolves to its current models.
    package static let aliases: Set<String> = [
        "default", "sonnet", "opus", "haiku", "best", "opusplan", "sonnet[1m]", "opus[1m]", "fable",
    ]
    /// The longest id accepted.
    package static let maximumLength = 100

    /// The name as passed to `--model`.
    package let rawValue: String
    package var description: String { rawValue }

    /// Validates `name`; throws ``ClaudeRunOptionError/invalidModel(_:)``.
    package init(_ name: String) throws(ClaudeRunOptionError) {
        guard Self.isValid(name) else { throw .invalidModel(name) }
        rawValue = name
    }

    /// True for an alias or a well-formed `claude-…` id.
    package static func isValid(_ name: String) -> Bool {
        if aliases.contains(name) { return true }
        guard name.count <= maximumLength, name.hasPrefix("claude-"), name.count > "claude-".count else {
            return false
        }
        return name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." || $0 == "[" || $0 == "]"
        }
    }
}
