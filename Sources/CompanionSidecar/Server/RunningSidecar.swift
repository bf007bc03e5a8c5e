import CompanionAPI
import Foundation

/// Where a sidecar is listening.
package struct SidecarAddress: Sendable, Equatable {
    /// The first listener's bind host as configured.
    package var host: String
    /// The first listener's bound port (the real one when 0 was asked for).
    package var port: Int
    /// The base URL put in `qrPayload`.
    package var publicURL: String
    /// Every listener, bound, in the order of ``SidecarConfiguration/hosts``.
    package var listeners: [SidecarListener]
    /// The pin of the TLS key the TLS listeners serve; nil when none serves TLS.
    package var tlsPin: TLSPin?

    package init(host: String, port: Int, publicURL: String, listeners: [SidecarListener]? = nil, tlsPin: TLSPin? = nil)
    {
        self.host = host
        self.port = port
        self.publicURL = publicURL
        self.listeners = listeners ?? [SidecarListener(host: host, port: port, security: .plainHTTP)]
        self.tlsPin = tlsPin
    }

    /// A URL this machine can use for the first listener: its bind host, or `127.0.0.1` for a wildcard bind, with
    /// its scheme (`https` on a TLS listener).
    package var localURL: String { listeners[0].url }
}

/// A sidecar serving in the background (see ``Sidecar/start()``).
package struct RunningSidecar: Sendable {
    package let address: SidecarAddress
    let task: Task<Void, Never>

    /// The bound port.
    package var port: Int { address.port }
    /// Base URL for clients on this machine, e.g. `http://127.0.0.1:43121`.
    package var baseURL: URL { URL(string: address.localURL)! }

    /// Shuts the server down and waits until it has stopped.
    package func stop() async {
        task.cancel()
        await task.value
    }
}
