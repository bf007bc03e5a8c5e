/// CompanionAgents: every Claude Code session on the workstation, without HTTP.
///
/// - `Hooks/`: Claude Code's command hooks (`companion hook`) in the user's `settings.json` (install, uninstall,
///   status) and the events they deliver (``ClaudeHookEvent``).
/// - `Sessions/`: the session model (``AgentSession``) and its store (``AgentSessionStore``), fed by hooks and by
///   pane detection.
/// - `Tmux/`: agent sessions in tmux (``Tmux``), pane classification (``PaneClassifier``) and change notification
///   through tmux control mode (``PaneWatcher``).
/// - `Approvals/`: permission requests held for a paired device (``ApprovalCenter``) and the hook's answer
///   (``PermissionDecision``).
public enum CompanionAgents {
    /// The header of the earlier HTTP hooks' per-install secret: a hook group carrying it is the companion's (an old
    /// install, replaced by the next one).
    static let legacySecretHeader = "X-Companion-Hook-Secret"
    /// The header carrying the agent id of a session the sidecar started in tmux (the hook command reads it from the
    /// environment variable ``agentEnvironmentVariable``).
    public static let agentHeader = "X-Companion-Agent"
    /// The environment variable naming the agent session a `claude` runs in.
    public static let agentEnvironmentVariable = "COMPANION_AGENT_ID"
    /// The owner socket's path the hook command posts to.
    public static let hookPath = "/hooks/claude-code"
}
