import NIOCore

extension ConnectionGuard {
    /// Where the connection is in its exchange.
    enum Phase: Equatable {
        /// Waiting for a complete request head, due before `deadline`.
        case awaitingHead(deadline: NIODeadline)
        /// A head arrived; its body is being read.
        case readingBody
        /// Every request read; the sidecar is answering (bounded only while the client reads the answer).
        case answering
        /// Kept alive between requests.
        case idle
        /// Upgraded to a WebSocket (pinged by the sidecar).
        case webSocket
    }
}
