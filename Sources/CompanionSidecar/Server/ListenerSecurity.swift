/// How one listener serves: plain HTTP or TLS.
///
/// Loopback (`127.0.0.0/8`, `::1`, `localhost`) serves plain HTTP: nothing leaves the machine. A tailnet address
/// (``PrivateOverlay``) always serves TLS. Any other address serves TLS unless the owner asked for plain HTTP
/// (`--insecure-http`), which the sidecar warns about at start and in `GET /health`.
package enum ListenerSecurity: String, Sendable, Equatable {
    case plainHTTP = "http"
    case tls = "https"

    /// The policy of a listener on `host`.
    package static func of(host: String, insecureHTTP: Bool) -> ListenerSecurity {
        if isLoopback(host: host) { return .plainHTTP }
        if PrivateOverlay.isTailnet(host: host) { return .tls }
        return insecureHTTP ? .plainHTTP : .tls
    }

    /// True for loopback addresses and `localhost`.
    package static func isLoopback(host: String) -> Bool {
        let bare = HostPolicy.unbracketed(host.lowercased())
        return bare == "localhost" || PeerAddress.isLoopback(ipAddress: bare)
    }

    /// True for `0.0.0.0` and `::`, which bind every interface.
    package static func isWildcard(host: String) -> Bool {
        HostPolicy.wildcards.contains(HostPolicy.unbracketed(host.lowercased())) || host.isEmpty
    }

    /// The URL scheme the listener answers.
    package var scheme: String { rawValue }
}
