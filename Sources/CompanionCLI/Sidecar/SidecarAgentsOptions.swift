import ArgumentParser
import CompanionAgents
import CompanionSidecar
import Foundation

/// `companion sidecar serve`'s agent session options: `/api/sessions…`, `WS /ws` and the hook endpoint are on by
/// default.
struct SidecarAgentsOptions: ParsableArguments {
    @Flag(help: "Serve no agent sessions (/api/sessions, /ws, the Claude Code hook endpoint).")
    var noAgents = false

    @Option(help: "Seconds a permission request waits for a paired device before Claude Code asks in its terminal.")
    var approvalTimeout = 120

    @Option(
        help: ArgumentHelp(
            "The tmux server agent sessions run on (tmux -L NAME), a server of their own.",
            discussion: "Never your everyday server: what runs on it may not add power through the owner socket."))
    var tmuxSocket: String = CompanionAgents.defaultTmuxSocket

    /// Puts the agent settings into the sidecar's configuration; `claudePath` is the default command.
    func apply(to configuration: inout SidecarConfiguration, claudePath: String?) throws {
        guard !noAgents else { return }
        guard (1...590).contains(approvalTimeout) else {
            throw CLIFailure(
                .usage, "--approval-timeout must be 1–590 seconds",
                hint: "Claude Code gives the hook 600 seconds; the default is 120")
        }
        var settings = AgentsSettings(approvalHoldTime: .seconds(approvalTimeout))
        settings.tmuxSocket = tmuxSocket
        settings.defaultCommand = [claudePath ?? "claude"]
        configuration.agents = settings
    }
}
