import Foundation

/// Whether a browser request comes from a page the sidecar itself served (the phone web app under `/app/`).
///
/// The `Origin` is this sidecar's own when its host is the request's `Host` (a name or address of this machine,
/// ``HostPolicy``: a page whose domain was rebound to this machine sends its own domain and is refused) and its
/// port (explicit, or 80/443 by scheme) is the port the connection arrived on. Only the sidecar serves pages on
/// that host and port, and it serves only its own files there (no third-party script: SECURITY.md).
struct OwnOrigin: Sendable {
    let hostPolicy: HostPolicy

    /// True when `origin` is the origin of this listener, reached under `authority` (the `Host`) on `localPort`.
    func matches(_ origin: String, authority: String?, localPort: Int?) -> Bool {
        guard let authority, let localPort, hostPolicy.allows(authority: authority),
            let components = URLComponents(string: OriginPolicy.normalized(origin)),
            let scheme = components.scheme, scheme == "http" || scheme == "https",
            let host = components.host, components.path.isEmpty, components.query == nil,
            components.user == nil, components.password == nil
        else { return false }
        let port = components.port ?? (scheme == "https" ? 443 : 80)
        let originHost = host.hasPrefix("[") ? host : (host.contains(":") ? "[\(host)]" : host)
        return port == localPort && originHost == HostPolicy.hostPart(of: authority.lowercased())
    }
}
