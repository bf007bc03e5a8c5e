import NIOCore
import NIOSSL
import WSClient

/// What kind of failure ended a connection of a pinned transport: the TLS layer's, or one that a refused handshake
/// can look like through a client that does not pass the TLS error on.
extension PinnedTLS {
    /// True for an error of the TLS layer (a refused or broken handshake).
    static func isTLSFailure(_ error: any Error) -> Bool {
        error is NIOSSLError || error is BoringSSLError || error is NIOSSLExtraError
    }

    /// True for a connection that ended before an answer, as a refused handshake looks through a client that
    /// does not pass the TLS error on (swift-websocket's upgrade reports a closed channel or a failed upgrade).
    static func isConnectionFailure(_ error: any Error) -> Bool {
        isTLSFailure(error) || error is ChannelError || error is IOError || error is WebSocketClientError
    }
}
