/// `POST /api/sessions`: start an agent in tmux.
public struct CreateAgentSessionRequest: Codable, Sendable, Equatable {
    /// The project directory (absolute, existing).
    public var project: String
    /// The command as an argument vector (default: the sidecar's `claude`).
    public var command: [String]?

    public init(project: String, command: [String]? = nil) {
        self.project = project
        self.command = command
    }

    /// Why this request cannot be run, or nil.
    public func validationError() -> String? {
        if !project.hasPrefix("/") { return "project must be an absolute directory path" }
        if project.utf8.count > 4096 { return "project is longer than 4096 bytes" }
        if let command {
            if command.isEmpty || command[0].isEmpty { return "command must name a program" }
            if command.count > 64 || command.contains(where: { $0.utf8.count > 4096 || $0.contains("\0") }) {
                return "command has too many or too long arguments"
            }
        }
        return nil
    }
}

/// `POST /api/sessions/:id/input` and the `send_input` message: text typed into the session as literal keys.
public struct AgentInputRequest: Codable, Sendable, Equatable {
    public static let maxLength = 8192

    public var text: String
    /// Press Enter after the text (default true).
    public var enter: Bool?

    public init(text: String, enter: Bool? = nil) {
        self.text = text
        self.enter = enter
    }

    /// Why this input cannot be sent, or nil.
    public func validationError() -> String? {
        if text.utf8.count > Self.maxLength { return "text is longer than \(Self.maxLength) bytes" }
        if text.isEmpty && enter == false { return "nothing to send: give text, or enter" }
        return nil
    }
}

/// `POST /api/approvals/:id/approve`: allow a held permission request.
public struct ApproveRequest: Codable, Sendable, Equatable {
    /// Also allow this tool for the rest of the session.
    public var always: Bool?
    /// The `digest` of the request as the device showed it (``AgentPendingApproval/digest``); required: the
    /// sidecar refuses a missing or different one with 409, so a decision applies only to what was seen.
    public var digest: String?

    public init(always: Bool? = nil, digest: String? = nil) {
        self.always = always
        self.digest = digest
    }
}

/// `POST /api/approvals/:id/deny`: deny a held permission request.
public struct DenyRequest: Codable, Sendable, Equatable {
    /// The `digest` of the request as the device showed it; required, as for ``ApproveRequest/digest``.
    public var digest: String?

    public init(digest: String? = nil) { self.digest = digest }
}

/// The answer to an approve or deny.
public struct ApprovalDecisionResponse: Codable, Sendable, Equatable {
    public var approvalId: String
    /// `allow`, `allow_always` or `deny`.
    public var decision: String
    public var sessionId: String

    public init(approvalId: String, decision: String, sessionId: String) {
        self.approvalId = approvalId
        self.decision = decision
        self.sessionId = sessionId
    }

    enum CodingKeys: String, CodingKey {
        case decision
        case approvalId = "approval_id"
        case sessionId = "session_id"
    }
}
