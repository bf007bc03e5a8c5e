/// Why the Claude Code CLI cannot be used, with the fix to show the user.
package enum ClaudeCLIError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No `claude` at the explicit path or on any `PATH` directory searched.
    case notFound(searched: [String])
    /// The path exists but is not an executable file.
    case notExecutable(path: String)
    /// `claude --version` could not be run or printed nothing recognisable.
    case versionUnreadable(path: String, detail: String)

    /// How to install Claude Code (the official installer; npm as the alternative).
    package static let installHint =
        "install Claude Code (`curl -fsSL https://claude.ai/install.sh | bash`, or "
        + "`npm install -g @anthropic-ai/claude-code`), or give its path with --claude-path"

    /// What is missing and the fix, in one sentence for the user.
    package var description: String {
        switch self {
        case .notFound(let searched):
            "Claude Code (`claude`) was not found (searched: \(searched.joined(separator: ", "))); \(Self.installHint)"
        case .notExecutable(let path):
            "\(path) is not an executable file; \(Self.installHint)"
        case .versionUnreadable(let path, let detail):
            "`\(path) --version` failed (\(detail)); reinstall Claude Code: \(Self.installHint)"
        }
    }
}
