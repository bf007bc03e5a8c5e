/// A page of a session's messages, counted from the end: the latest page first, then earlier ones with
/// `before: page.messages.first?.index`.
package struct TranscriptPage: Sendable, Hashable, Codable {
    /// The messages, oldest first.
    package var messages: [TranscriptMessage]
    /// The number of messages in the session.
    package var total: Int
    /// Whether earlier messages exist.
    package var hasMore: Bool

    /// A page.
    package init(messages: [TranscriptMessage], total: Int, hasMore: Bool) {
        self.messages = messages
        self.total = total
        self.hasMore = hasMore
    }
}
