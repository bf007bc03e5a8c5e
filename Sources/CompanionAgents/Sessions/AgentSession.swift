import Foundation

/// What an agent session is doing.
package enum AgentState: String, Sendable, Codable, CaseIterable {
    /// Working on a prompt.
    case running
    /// Waiting for a person: a permission dialog, a question, an error to look at.
    case needsInput = "needs_input"
    /// Done with its turn, waiting at its prompt.
    case idle
    /// Ended (its process exited, or Claude Code reported the session's end).
    case dead
}

/// Why a session needs someone.
package struct AgentAttention: Sendable, Equatable {
    /// What kind of attention.
    package enum Kind: String, Sendable, Codable {
        /// A permission request held by the sidecar: a paired device may allow or deny it (``approvalID``).
        case approval
        /// A dialog or question waiting in the session's own terminal.
        case input
        /// The turn failed (StopFailure, an error banner).
        case error
    }

    package var kind: Kind
    /// Since when.
    package var since: Date
    /// The tool asking, for a permission.
    package var toolName: String?
    /// A one-line summary of the tool's input.
    package var inputSummary: String?
    /// The held request to decide, for ``Kind/approval``.
    package var approvalID: String?
    /// Short words about it (the notification type, the error).
    package var detail: String?
    /// For ``Kind/approval``: the held request's digest (hex SHA-256 of the tool name and input), which a decision
    /// must carry back (``ApprovalRequest/digest``).
    package var digest: String?

    package init(
        kind: Kind, since: Date, toolName: String? = nil, inputSummary: String? = nil, approvalID: String? = nil,
        detail: String? = nil, digest: String? = nil
    ) {
        self.kind = kind
        self.since = since
        self.toolName = toolName
        self.inputSummary = inputSummary
        self.approvalID = approvalID
        self.detail = detail
        self.digest = digest
    }
}

/// One agent session: a `claude` reporting through hooks, a session the sidecar started in tmux, or a chat the
/// sidecar runs.
package struct AgentSession: Sendable, Equatable {
    /// Where the session comes from.
    package enum Source: String, Sendable, Codable {
        /// Known from Claude Code's hooks only (started in some terminal).
        case hook
        /// Started by the sidecar in tmux.
        case tmux
        /// A chat run of the sidecar's Claude Code API.
        case chat
    }

    /// The id clients use: the agent id of a tmux session, else Claude Code's `session_id`.
    package var id: String
    package var source: Source
    /// Claude Code's `session_id`, once a hook named it.
    package var claudeSessionID: String?
    /// The tmux session's name, for ``Source/tmux``.
    package var tmuxSession: String?
    /// The project directory.
    package var project: String?
    /// The command the sidecar started, for ``Source/tmux``.
    package var command: [String]?
    package var state: AgentState
    package var attention: AgentAttention?
    package var lastActivity: Date
    /// The model's last answer, shortened.
    package var summary: String?
    /// When a hook last spoke for this session (pane detection yields to a recent one).
    package var lastHookAt: Date?
    /// Every permission request held for a device in this session, oldest first (Claude Code may ask for several tool
    /// uses at once); ``attention`` shows the oldest, and the next once it is answered.
    package var heldApprovals: [AgentAttention] = []

    package init(
        id: String, source: Source, claudeSessionID: String? = nil, tmuxSession: String? = nil,
        project: String? = nil, command: [String]? = nil, state: AgentState, attention: AgentAttention? = nil,
        lastActivity: Date, summary: String? = nil, lastHookAt: Date? = nil
    ) {
        self.id = id
        self.source = source
        self.claudeSessionID = claudeSessionID
        self.tmuxSession = tmuxSession
        self.project = project
        self.command = command
        self.state = state
        self.attention = attention
        self.lastActivity = lastActivity
        self.summary = summary
        self.lastHookAt = lastHookAt
    }

    /// The group a session is listed under: its project directory (`-` when unknown).
    package var group: String { project ?? "-" }
}

/// A change of the session model, in the order it happened.
package enum AgentChange: Sendable, Equatable {
    /// A session appeared or changed (state, attention, activity).
    case session(AgentSession)
    /// A session's attention was raised or cleared (the session as it is now).
    case attention(AgentSession)
    /// A session's summary changed.
    case summary(id: String, summary: String)
    /// A session was removed from the list.
    case removed(id: String)
}
