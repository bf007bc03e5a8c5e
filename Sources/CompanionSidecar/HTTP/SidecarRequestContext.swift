import CompanionAPI
import Hummingbird
import HummingbirdWebSocket

/// The request context of every sidecar route: Hummingbird's core storage plus the peer's socket address,
/// read from the channel (never from headers), so routes can tell loopback peers from LAN peers.
///
/// Request authentication (signed requests) attaches the authenticated device here.
public struct SidecarRequestContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The TCP peer's IP address, or nil when there is none (in-process router tests, unix sockets).
    public let remoteIP: String?
    /// The local port the connection arrived on (the listener's), nil without one: the app's own origin names it.
    public let localPort: Int?
    /// Id of the device that signed this request, set by request authentication when present.
    public var authenticatedDeviceID: String?
    /// What the authenticated device (or the API key) may do (``RouteScopes``), set with it; empty before.
    public var authenticatedScopes: Set<DeviceScope> = []
    /// The WebSocket handler a route chose (task logs), for the upgrade.
    public let webSocket = WebSocketHandlerReference<SidecarRequestContext>()

    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.remoteIP = source.channel.remoteAddress?.ipAddress
        self.localPort = source.channel.localAddress?.port
        self.authenticatedDeviceID = nil
        self.authenticatedScopes = []
    }

    /// The peer's IP address as text, or `-` when unknown: safe to log and to store in the audit log.
    public var peerDescription: String { remoteIP ?? "-" }

    /// True when the peer connected from this machine over a loopback address.
    public var peerIsLoopback: Bool { remoteIP.map(PeerAddress.isLoopback(ipAddress:)) ?? false }
}
