import ArgumentParser
import CompanionSidecar
import Foundation

/// `companion sidecar serve`'s Claude Code options: the `/api/v1` routes (projects, sessions, transcripts,
/// chat) are on by default; `claude` is found on `PATH` unless `--claude-path` names it.
struct SidecarClaudeOptions: ParsableArguments {
    @Option(help: "The claude executable (default: the first `claude` on PATH).")
    var claudePath: String?

    @Flag(help: "Serve no Claude Code API (/api/v1).")
    var noClaudeCode = false

    @Flag(help: "Let paired devices ask for Claude Code's bypassPermissions mode (off: such requests are refused).")
    var allowBypassPermissions = false

    /// Puts the Claude Code settings into the sidecar's configuration.
    func apply(to configuration: inout SidecarConfiguration) throws {
        guard !noClaudeCode else {
            if claudePath != nil || allowBypassPermissions {
                throw CLIFailure(.usage, "--no-claude-code cannot be combined with other Claude Code options")
            }
            return
        }
        if let claudePath, !FileManager.default.isExecutableFile(atPath: claudePath) {
            throw CLIFailure(
                .usage, "--claude-path \(claudePath) is not an executable file",
                hint: "point it at the claude binary, or leave it out to use the one on PATH")
        }
        configuration.claudeCode = ClaudeCodeSettings(
            executablePath: claudePath, allowBypassPermissions: allowBypassPermissions)
    }
}
