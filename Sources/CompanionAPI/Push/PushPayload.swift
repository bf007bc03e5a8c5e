/// The JSON a push message carries, encrypted (RFC 8291), as the phone's service worker reads it.
public struct PushPayload: Codable, Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Codable, Sendable {
        /// An agent asks for a permission (a held request a device may approve).
        case attention
        /// An agent waits for input in its terminal.
        case waiting
        /// A task ended (succeeded, failed or cancelled).
        case taskFinished = "task_finished"
    }

    public var kind: Kind
    public var title: String
    public var body: String
    /// Where tapping the notification leads: a path of the web app (`/app/#/attention/<id>`).
    public var url: String
    /// The held request, for ``Kind/attention``.
    public var attentionId: String?
    /// The held request's digest, which a decision must carry back.
    public var digest: String?
    public var taskId: String?

    public init(
        kind: Kind, title: String, body: String, url: String, attentionId: String? = nil, digest: String? = nil,
        taskId: String? = nil
    ) {
        self.kind = kind
        self.title = title
        self.body = body
        self.url = url
        self.attentionId = attentionId
        self.digest = digest
        self.taskId = taskId
    }
}

/// How much a notification says (`companion sidecar serve --push-detail`). Push messages cross the push service
/// (encrypted) and land on a lock screen (in clear).
public enum PushDetail: String, Codable, Sendable, CaseIterable {
    /// "An agent needs you", "An agent is waiting", "A task finished": no tool, project, title or input.
    case none
    /// The tool's name and the project's directory name, the task's title; never a tool's input.
    case summary
}

/// What `GET /health` counts of push delivery since the sidecar started.
public struct PushHealth: Codable, Sendable, Equatable {
    /// Messages a push service accepted (201).
    public var sent: Int
    /// Messages given up on: refused, unreachable, or still 429/5xx after the retries.
    public var failed: Int
    /// Subscriptions removed because their push service said they are gone (404, 410).
    public var dropped: Int

    public init(sent: Int = 0, failed: Int = 0, dropped: Int = 0) {
        self.sent = sent
        self.failed = failed
        self.dropped = dropped
    }
}
