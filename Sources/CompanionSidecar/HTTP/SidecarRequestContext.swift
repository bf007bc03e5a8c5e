import CompanionAPI
import Hummingbird
import HummingbirdWebSocket

/// The request context of every sidecar route: Hummingbird's core storage plus the peer's socket address,
/// read from the channel (never from headers), so routes can tell loopback peers from LAN peers.
///
/// Request authentication (signed requests) attaches the authenticated device here.
package struct SidecarRequestContext: RequestContext, WebSocketRequestContext {
    package var coreContext: CoreRequestContextStorage
    /// The TCP peer's IP address, or nil when there is none (in-process router tests, unix sockets).
    package let remoteIP: String?
    /// The local port the connection arrived on (the listener's), nil without one: the app's own origin names it.
    package let localPort: Int?
    /// Id of the device that signed this request, set by request authentication when present.
    package var authenticatedDeviceID: String?
    /// What the authenticated device (or the API key) may do (``RouteScopes``), set with it; empty before.
    package var authenticatedScopes: Set<DeviceScope> = []
    /// The WebSocket handler a route chose (task logs), for the upgrade.
    package let webSocket = WebSocketHandlerReference<SidecarRequestContext>()

    package init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteIP = source.channel.remoteAddress?.ipAddress
        self.localPort = source.channel.localAddress?.port
        self.authenticatedDeviceID = nil
        self.authenticatedScopes = []
    }

    /// The peer's IP address as text, or `-` when unknown: safe to log and to store in the audit log.
    package var peerDescription: String { remoteIP ?? "-" }

    /// True when the peer connected from this machine over a loopback address.
    package var peerIsLoopback: Bool { remoteIP.map(PeerAddress.isLoopback(ipAddress:)) ?? false }
}
