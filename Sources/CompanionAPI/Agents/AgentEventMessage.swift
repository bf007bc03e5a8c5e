import Foundation

/// One message of `WS /ws`, server to client.
///
/// Types: `session_update` (``session``), `attention` (``session``, whose `attention` is set or cleared),
/// `terminal_output` (``sessionId``, ``lines``: the pane's last lines, for subscribed sessions only),
/// `summary_update` (``sessionId``, ``summary``), `snapshot` (``sessions``: every session, sent when a client could
/// not resume from its last sequence number), `removed` (``sessionId``) and `error` (``message``). Every event but
/// `error` has a sequence number ``seq``, increasing by one; `terminal_output` is numbered per connection. Every event
/// but `error` also carries ``epoch``, the sidecar run that numbered it (random, new at every start): a client resumes
/// with both (`?after=SEQ&epoch=E`), and a sequence number of another run gets a snapshot, never that run's events.
public struct AgentEventMessage: Codable, Sendable, Equatable {
    public var type: String
    public var seq: Int?
    public var session: AgentSessionInfo?
    public var sessions: [AgentSessionInfo]?
    public var sessionId: String?
    public var lines: [String]?
    public var summary: String?
    public var message: String?
    /// The sidecar run whose sequence ``seq`` belongs to (an addition to the orca plan's shapes).
    public var epoch: String?

    public init(
        type: String, seq: Int? = nil, session: AgentSessionInfo? = nil, sessions: [AgentSessionInfo]? = nil,
        sessionId: String? = nil, lines: [String]? = nil, summary: String? = nil, message: String? = nil,
        epoch: String? = nil
    ) {
        self.type = type
        self.seq = seq
        self.session = session
        self.sessions = sessions
        self.sessionId = sessionId
        self.lines = lines
        self.summary = summary
        self.message = message
        self.epoch = epoch
    }

    enum CodingKeys: String, CodingKey {
        case type, seq, epoch, session, sessions, lines, summary, message
        case sessionId = "session_id"
    }

    /// The close code of a socket whose device is no longer trusted.
    public static let unauthorizedCloseCode: UInt16 = 4401
}

/// One message of `WS /ws`, client to server: `subscribe_terminal`, `unsubscribe_terminal` (``sessionId``),
/// `send_input` (``sessionId``, ``text``, ``enter``).
public struct AgentClientMessage: Codable, Sendable, Equatable {
    public var type: String
    public var sessionId: String?
    public var text: String?
    public var enter: Bool?

    public init(type: String, sessionId: String? = nil, text: String? = nil, enter: Bool? = nil) {
        self.type = type
        self.sessionId = sessionId
        self.text = text
        self.enter = enter
    }

    enum CodingKeys: String, CodingKey {
        case type, text, enter
        case sessionId = "session_id"
    }
}
