import Hummingbird
import NIOCore

/// The request context of the owner socket's routes: Hummingbird's storage plus the connection's channel, from
/// which ``OwnerCredentialMiddleware`` reads the peer's credentials (kept in ``peer``).
struct OwnerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel
    /// The peer's process, user and group ids, once ``OwnerCredentialMiddleware`` checked them.
    var peer: OwnerSocket.PeerCredentials?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }

    /// Why this peer may not add power (``PeerAncestry``), or nil when it may.
    var addingPowerRefusal: String? {
        guard let peer else { return "the caller's credentials are unknown" }
        return PeerAncestry.refusal(pid: peer.pid).map {
            "\($0): an agent's process may not add power to devices; run the command in a terminal of your own"
        }
    }
}
