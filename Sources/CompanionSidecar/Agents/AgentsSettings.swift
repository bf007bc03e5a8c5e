import CompanionAgents
import CompanionClaudeCode
import Foundation

/// Agent sessions on this workstation (`/api/sessions…`, `WS /ws`, the Claude Code hook endpoint): where tmux is, how
/// long a permission request waits for a device, what a new session runs.
package struct AgentsSettings: Sendable {
    /// The tmux executable.
    package var tmuxPath: String
    /// The tmux server (`-L` socket name) of the agents: a server of their own, never the user's default one, so the
    /// owner socket can tell the processes it starts from the owner's (``CompanionAgents/agentServerVariable``).
    package var tmuxSocket: String
    /// How long a PermissionRequest hook is held for a paired device before the sidecar answers "no decision" and
    /// Claude Code asks in its own terminal.
    package var approvalHoldTime: Duration
    /// How long a hook's word outweighs pane detection.
    package var hookFreshness: TimeInterval
    /// The command of `POST /api/sessions` without one (the `claude` CLI).
    package var defaultCommand: [String]
    /// Added to the environment of every session the sidecar starts.
    package var environment: [String: String]
    /// Events kept for resuming `/ws` clients.
    package var replayCapacity: Int

    package init(
        tmuxPath: String = "/usr/bin/tmux", tmuxSocket: String = CompanionAgents.defaultTmuxSocket,
        approvalHoldTime: Duration = .seconds(120),
        hookFreshness: TimeInterval = 10, defaultCommand: [String] = ["claude"], environment: [String: String] = [:],
        replayCapacity: Int = 2048
    ) {
        self.tmuxPath = tmuxPath
        self.tmuxSocket = tmuxSocket
        self.approvalHoldTime = approvalHoldTime
        self.hookFreshness = hookFreshness
        self.defaultCommand = defaultCommand
        self.environment = environment
        self.replayCapacity = replayCapacity
    }
}

extension AgentsSettings {
    /// The whole environment of the sidecar's tmux commands, hence of its tmux server and every pane: what
    /// Claude Code's runs get (``ClaudeRunEnvironment``) and what tmux needs (``TmuxEnvironment``), nothing else
    /// of the sidecar's own (`COMPANION_SIDECAR_API_KEY`, `COMPANION_VAULT_PASSPHRASE`, any other secret).
    static func tmuxEnvironment(_ sidecarEnvironment: [String: String]) -> [String: String] {
        ClaudeRunEnvironment.filtered(sidecarEnvironment).merging(TmuxEnvironment.filtered(sidecarEnvironment)) { $1 }
    }
}
