import Hummingbird
import NIOCore

/// The request context of the owner socket's routes: Hummingbird's storage plus the connection's channel, from
/// which ``OwnerCredentialMiddleware`` reads the peer's user id.
struct OwnerRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }
}
