import CompanionAPI
import Foundation

/// Where a sidecar is listening.
public struct SidecarAddress: Sendable, Equatable {
    /// The first listener's bind host as configured.
    public var host: String
    /// The first listener's bound port (the real one when 0 was asked for).
    public var port: Int
    /// The base URL put in `qrPayload`.
    public var publicURL: String
    /// Every listener, bound, in the order of ``SidecarConfiguration/hosts``.
    public var listeners: [SidecarListener]
    /// The pin of the TLS key the TLS listeners serve; nil when none serves TLS.
    public var tlsPin: TLSPin?

    public init(host: String, port: Int, publicURL: String, listeners: [SidecarListener]? = nil, tlsPin: TLSPin? = nil)
    {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.listeners = listeners ?? [SidecarListener(host: host, port: port, security: .plainHTTP)]
        self.tlsPin = tlsPin
    }

    /// A URL this machine can use for the first listener: its bind host, or `127.0.0.1` for a wildcard bind, with
    /// its scheme (`https` on a TLS listener).
    public var localURL: String { listeners[0].url }
}

/// A sidecar serving in the background (see ``Sidecar/start()``).
public struct RunningSidecar: Sendable {
    public let address: SidecarAddress
    let task: Task<Void, Never>

    /// The bound port.
    public var port: Int { address.port }
    /// Base URL for clients on this machine, e.g. `http://127.0.0.1:43121`.
    public var baseURL: URL { URL(string: address.localURL)! }

    /// Shuts the server down and waits until it has stopped.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
