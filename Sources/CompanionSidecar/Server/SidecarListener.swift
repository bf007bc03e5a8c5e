/// One address a sidecar listens on, with its policy.
package struct SidecarListener: Sendable, Equatable {
    /// The bind host as configured.
    package var host: String
    /// The bound port (the real one once bound, when 0 was asked for).
    package var port: Int
    package var security: ListenerSecurity

    package init(host: String, port: Int, security: ListenerSecurity) {
        self.host = host
        self.port = port
        self.security = security
    }

    /// A URL this machine can use for the listener: the bind host, or `127.0.0.1` for a wildcard bind.
    package var url: String {
        var name = ListenerSecurity.isWildcard(host: host) ? "127.0.0.1" : host
        if name.contains(":") && !name.hasPrefix("[") { name = "[\(name)]" }
        return "\(security.scheme)://\(name):\(port)"
    }
}

extension SidecarConfiguration {
    /// Each host's listener, on ``port`` (0 until bound when a free port is asked for).
    package var listeners: [SidecarListener] {
        zip(hosts, listenerSecurity).map { SidecarListener(host: $0, port: port, security: $1) }
    }

    /// The listener the pairing URL is derived from: the first beyond loopback, else the first.
    package var publicListener: SidecarListener {
        listeners.first { !ListenerSecurity.isLoopback(host: $0.host) } ?? listeners[0]
    }

    /// True when a listener beyond loopback serves plain HTTP (`--insecure-http`).
    package var servesInsecureHTTP: Bool {
        listeners.contains { $0.security == .plainHTTP && !ListenerSecurity.isLoopback(host: $0.host) }
    }
}
