import Foundation

/// Which browser origins may call the sidecar (CORS) and may send state-changing requests.
///
/// Development origins on this machine (`http://localhost:*`, `http://127.0.0.1:*`, `http://[::1]:*`) are always
/// allowed; others only when configured (e.g. a phone's dev server on the LAN). A page from any other origin
/// can neither read answers nor start pairings, disconnect or revoke: that would let any web page the user
/// visits read a fresh pairing code from `127.0.0.1` and pair itself.
public struct OriginPolicy: Sendable, Equatable {
    /// Extra origins allowed, exactly as browsers send them (`scheme://host[:port]`, no trailing slash).
    public var extraOrigins: Set<String>

    public init(extraOrigins: [String] = []) {
        self.extraOrigins = Set(extraOrigins.map(Self.normalized))
    }

    /// True when a browser at `origin` may call the sidecar.
    public func allows(_ origin: String) -> Bool {
        let origin = Self.normalized(origin)
        if extraOrigins.contains(origin) { return true }
        guard let components = URLComponents(string: origin), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host?.lowercased(),
            components.path.isEmpty, components.query == nil
        else { return false }
        return host == "localhost" || host == "127.0.0.1" || host == "[::1]" || host == "::1"
    }

    static func normalized(_ origin: String) -> String {
        var text = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
