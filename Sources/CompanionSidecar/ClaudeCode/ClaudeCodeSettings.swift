import CompanionClaudeCode
import Foundation

/// How the sidecar runs Claude Code: which `claude` (`--claude-path`, else the first on `PATH`), which
/// configuration directory (`CLAUDE_CONFIG_DIR`, else `~/.claude`) and the environment runs get.
package struct ClaudeCodeSettings: Sendable {
    /// `--claude-path`; nil searches `PATH`.
    package var executablePath: String?
    /// The environment `claude` is found with and runs in: what Claude Code needs of the sidecar's own
    /// (`ClaudeRunEnvironment.filtered`: `PATH`, `HOME`, locale, proxies, `ANTHROPIC_*`, `CLAUDE_*`…), never
    /// CompanionKit's variables (`COMPANION_*` may hold the sidecar's API key or a vault passphrase). It decides the configuration directory (`CLAUDE_CONFIG_DIR`/`HOME`) and the model endpoint
    /// (`ANTHROPIC_BASE_URL`).
    package var environment: [String: String]
    /// Whether a paired device may ask for `bypassPermissions` (`--allow-bypass-permissions`); off by default.
    package var allowBypassPermissions: Bool

    /// Directories under which local repositories may be installed from (skills, marketplaces); empty: only
    /// https and ssh. The sidecar uses its `--clone-root` directories when this is empty.
    package var cloneRoots: [URL] = []
    /// How long a skill's `git clone` may take.
    package var skillCloneTimeLimit: Duration = .seconds(120)
    /// Largest skill repository cloned (bytes on disk, `.git` included).
    package var skillSizeLimitBytes = 64 << 20

    package init(
        executablePath: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
        allowBypassPermissions: Bool = false
    ) {
        self.executablePath = executablePath
        self.environment = ClaudeRunEnvironment.filtered(environment)
        self.allowBypassPermissions = allowBypassPermissions
    }
}
