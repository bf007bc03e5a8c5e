/// CompanionAgents: every Claude Code session on the workstation, without HTTP.
///
/// - `Hooks/`: Claude Code's HTTP hooks in the user's `settings.json` (install, uninstall, status) and the events
///   they deliver (``ClaudeHookEvent``).
/// - `Sessions/`: the session model (``AgentSession``) and its store (``AgentSessionStore``), fed by hooks and by
///   pane detection.
/// - `Tmux/`: agent sessions in tmux (``Tmux``), pane classification (``PaneClassifier``) and change notification
///   through tmux control mode (``PaneWatcher``).
/// - `Approvals/`: permission requests held for a paired device (``ApprovalCenter``) and the hook's answer
///   (``PermissionDecision``).
public enum CompanionAgents {
    /// The header carrying the per-install hook secret.
    public static let secretHeader = "X-Companion-Hook-Secret"
    /// The header carrying the agent id of a session the sidecar started in tmux (from the environment variable
    /// ``agentEnvironmentVariable``, interpolated by Claude Code).
    public static let agentHeader = "X-Companion-Agent"
    /// The environment variable naming the agent session a `claude` runs in.
    public static let agentEnvironmentVariable = "COMPANION_AGENT_ID"
    /// The sidecar path the hooks post to.
    public static let hookPath = "/hooks/claude-code"
}
