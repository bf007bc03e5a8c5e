import Foundation

/// Why a session needs someone, on the wire (`attention` of a session).
public struct AgentAttentionInfo: Codable, Sendable, Equatable {
    /// `approval` (a held permission request a device may decide: ``approvalId``), `input` (a dialog or question in
    /// the session's own terminal) or `error`.
    public var kind: String
    public var since: Date
    public var tool: String?
    public var inputSummary: String?
    public var approvalId: String?
    public var detail: String?
    /// For `approval`: hex SHA-256 of the held request's tool name and input; a decision must send it back
    /// (``ApproveRequest/digest``), so it applies only to the request the device showed.
    public var digest: String?

    public init(
        kind: String, since: Date, tool: String? = nil, inputSummary: String? = nil, approvalId: String? = nil,
        detail: String? = nil, digest: String? = nil
    ) {
        self.kind = kind
        self.since = since
        self.tool = tool
        self.inputSummary = inputSummary
        self.approvalId = approvalId
        self.detail = detail
        self.digest = digest
    }

    enum CodingKeys: String, CodingKey {
        case kind, since, tool, detail, digest
        case inputSummary = "input_summary"
        case approvalId = "approval_id"
    }
}

/// One agent session (`GET /api/sessions/:id`, `session_update`).
public struct AgentSessionInfo: Codable, Sendable, Equatable {
    public var id: String
    /// `hook` (a `claude` started anywhere), `tmux` (started by the sidecar) or `chat` (a chat the sidecar runs).
    public var source: String
    /// `running`, `needs_input`, `idle` or `dead`.
    public var state: String
    public var attention: AgentAttentionInfo?
    public var project: String?
    /// The group it is listed under (its project directory).
    public var group: String
    public var lastActivity: Date
    public var summary: String?
    public var claudeSessionId: String?
    public var tmuxSession: String?

    public init(
        id: String, source: String, state: String, attention: AgentAttentionInfo?, project: String?, group: String,
        lastActivity: Date, summary: String?, claudeSessionId: String?, tmuxSession: String?
    ) {
        self.id = id
        self.source = source
        self.state = state
        self.attention = attention
        self.project = project
        self.group = group
        self.lastActivity = lastActivity
        self.summary = summary
        self.claudeSessionId = claudeSessionId
        self.tmuxSession = tmuxSession
    }

    enum CodingKeys: String, CodingKey {
        case id, source, state, attention, project, group, summary
        case lastActivity = "last_activity"
        case claudeSessionId = "claude_session_id"
        case tmuxSession = "tmux_session"
    }
}

/// One group of sessions (`GET /api/groups`): the sessions of one project directory.
public struct AgentGroupInfo: Codable, Sendable, Equatable {
    public var path: String
    public var name: String
    public var sessionCount: Int
    public var attentionCount: Int

    public init(path: String, name: String, sessionCount: Int, attentionCount: Int) {
        self.path = path
        self.name = name
        self.sessionCount = sessionCount
        self.attentionCount = attentionCount
    }

    enum CodingKeys: String, CodingKey {
        case path, name
        case sessionCount = "session_count"
        case attentionCount = "attention_count"
    }
}

/// `GET /api/attention`: how many sessions need someone, and which; and every permission request held for a device,
/// oldest first (a session may have several at once, while its `attention` shows one of them).
public struct AgentAttentionResponse: Codable, Sendable, Equatable {
    public var count: Int
    public var sessions: [AgentSessionInfo]
    /// Absent from an older sidecar's answer.
    public var approvals: [AgentPendingApproval]?

    public init(sessions: [AgentSessionInfo], approvals: [AgentPendingApproval]? = nil) {
        self.count = sessions.count
        self.sessions = sessions
        self.approvals = approvals
    }
}

/// One permission request held for a device (`approvals` of `GET /api/attention`).
public struct AgentPendingApproval: Codable, Sendable, Equatable {
    public var approvalId: String
    public var sessionId: String
    public var tool: String?
    public var inputSummary: String?
    public var project: String?
    public var since: Date
    /// Hex SHA-256 of the tool name and input; a decision must send it back (``ApproveRequest/digest``).
    public var digest: String?
    /// The whole tool input as JSON (keys sorted), what a device shows before it decides; absent when longer than
    /// 64 KiB (``inputBytes`` says how long), and then the request can be denied from a device but not allowed.
    public var input: String?
    /// The tool input's length in bytes (of its JSON).
    public var inputBytes: Int?
    /// The rules an `always` allow keeps for the session (`Bash(npm test:*)`), the ones Claude Code suggested; empty:
    /// `always` is refused.
    public var alwaysRules: [String]?

    public init(
        approvalId: String, sessionId: String, tool: String?, inputSummary: String?, project: String?, since: Date,
        digest: String? = nil, input: String? = nil, inputBytes: Int? = nil, alwaysRules: [String]? = nil
    ) {
        self.approvalId = approvalId
        self.sessionId = sessionId
        self.tool = tool
        self.inputSummary = inputSummary
        self.project = project
        self.since = since
        self.digest = digest
        self.input = input
        self.inputBytes = inputBytes
        self.alwaysRules = alwaysRules
    }

    enum CodingKeys: String, CodingKey {
        case tool, project, since, digest, input
        case approvalId = "approval_id"
        case sessionId = "session_id"
        case inputSummary = "input_summary"
        case inputBytes = "input_bytes"
        case alwaysRules = "always_rules"
    }
}

/// `GET /api/sessions/:id/terminal?lines=N`.
public struct AgentTerminalResponse: Codable, Sendable, Equatable {
    public var sessionId: String
    public var lines: [String]

    public init(sessionId: String, lines: [String]) {
        self.sessionId = sessionId
        self.lines = lines
    }

    enum CodingKeys: String, CodingKey {
        case lines
        case sessionId = "session_id"
    }
}
