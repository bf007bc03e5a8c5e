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
package enum CompanionAgents {
    /// The header of the earlier HTTP hooks' per-install secret: a hook group carrying it is the companion's (an old
    /// install, replaced by the next one).
    static let legacySecretHeader = "X-Companion-Hook-Secret"
    /// The header carrying the agent id of a session the sidecar started in tmux (the hook command reads it from the
    /// environment variable ``agentEnvironmentVariable``).
    package static let agentHeader = "X-Companion-Agent"
    /// The environment variable naming the agent session a `claude` runs in.
    package static let agentEnvironmentVariable = "COMPANION_AGENT_ID"
    /// The environment variable that marks the tmux server of the sidecar's agents (its value: the server's `-L`
    /// name). The sidecar starts that server with it, so the server's own initial environment carries it, and so does
    /// every process the server starts (panes, `new-window`, `split-window`, `run-shell`, `display-popup`): the owner
    /// socket refuses to add power to a caller with this server, or the marker, in its ancestry.
    package static let agentServerVariable = "COMPANION_AGENT_SERVER"
    /// The tmux server (`-L` name) the sidecar runs agents on unless told another: never the user's own server.
    package static let defaultTmuxSocket = "companion-agents"
    /// The owner socket's path the hook command posts to.
    package static let hookPath = "/hooks/claude-code"
}
