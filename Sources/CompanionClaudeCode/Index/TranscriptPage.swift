/// A page of a session's messages, counted from the end: the latest page first, then earlier ones with
/// `before: page.messages.first?.index`.
public struct TranscriptPage: Sendable, Hashable, Codable {
    /// The messages, oldest first.
    public var messages: [TranscriptMessage]
    /// The number of messages in the session.
    public var total: Int
    /// Whether earlier messages exist.
    public var hasMore: Bool

    /// A page.
    public init(messages: [TranscriptMessage], total: Int, hasMore: Bool) {
        self.messages = messages
        self.total = total
        self.hasMore = hasMore
    }
}
