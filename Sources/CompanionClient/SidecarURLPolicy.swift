import Foundation

/// Which sidecar base URLs the companion accepts.
///
/// The brief allows plain HTTP on the LAN for now and asks for HTTPS elsewhere: `http://` is accepted for
/// loopback and private-network hosts (see ``HostClass``), refused for anything else, a tailnet
/// (``HostClass/privateOverlay``) included; `https://` is accepted for any host. A base URL has no credentials, query or fragment; a path prefix is kept.
public enum SidecarURLPolicy {
    /// Validates `text` and returns the normalised base URL (lower-case scheme and host, no trailing slash).
    public static func validate(_ text: String) throws(CompanionClientError) -> URL {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 2048, let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased(), let host = components.host, !host.isEmpty
        else {
            throw .validation(.invalidURL(reason: "not an absolute http(s) URL, e.g. http://192.168.1.20:7878"))
        }
        guard scheme == "http" || scheme == "https" else {
            throw .validation(.invalidURL(reason: "the scheme must be http or https, not \(scheme.prefix(16))"))
        }
        guard components.user == nil, components.password == nil else {
            throw .validation(.invalidURL(reason: "a sidecar URL carries no user name or password"))
        }
        guard components.query == nil, components.fragment == nil else {
            throw .validation(.invalidURL(reason: "a sidecar URL has no query or fragment"))
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw .validation(.invalidURL(reason: "port \(port) is out of range"))
        }
        let hostClass = HostClass.of(host: host)
        if scheme == "http" && (hostClass == .publicNetwork || hostClass == .privateOverlay) {
            throw .validation(.insecureURL(host: String(host.prefix(253))))
        }
        var normalized = URLComponents()
        normalized.scheme = scheme
        normalized.host = host.lowercased()
        normalized.port = components.port
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        normalized.path = path
        guard let url = normalized.url else {
            throw .validation(.invalidURL(reason: "not an absolute http(s) URL"))
        }
        return url
    }

    /// The host class of an already validated URL.
    public static func hostClass(of url: URL) -> HostClass {
        HostClass.of(host: url.host ?? "")
    }
}
