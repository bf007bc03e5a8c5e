import Foundation

/// How the sidecar runs Claude Code: which `claude` (`--claude-path`, else the first on `PATH`), which
/// configuration directory (`CLAUDE_CONFIG_DIR`, else `~/.claude`) and the environment runs get.
public struct ClaudeCodeSettings: Sendable {
    /// `--claude-path`; nil searches `PATH`.
    public var executablePath: String?
    /// The environment `claude` is found with and runs in (the sidecar's own by default). It decides the
    /// configuration directory (`CLAUDE_CONFIG_DIR`/`HOME`) and the model endpoint (`ANTHROPIC_BASE_URL`).
    public var environment: [String: String]
    /// Whether a paired device may ask for `bypassPermissions` (`--allow-bypass-permissions`); off by default.
    public var allowBypassPermissions: Bool

    public init(
        executablePath: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        allowBypassPermissions: Bool = false
    ) {
        self.executablePath = executablePath
        self.environment = environment
        self.allowBypassPermissions = allowBypassPermissions
    }
}
