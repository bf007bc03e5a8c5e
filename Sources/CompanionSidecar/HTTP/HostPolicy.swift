import Foundation

/// Which `Host` header values name this machine, for the requests that only the workstation may make.
///
/// Accepted: IP literals, `localhost`, the machine's host name and the host of the public URL.
/// A browser page whose domain was rebound to 127.0.0.1 (DNS rebinding) sends its own domain and is refused.
struct HostPolicy: Sendable {
    let names: Set<String>

    init(hostName: String, publicURL: String?) {
        var names: Set<String> = ["localhost", hostName.lowercased()]
        if let host = publicURL.flatMap({ URLComponents(string: $0)?.host }) { names.insert(host.lowercased()) }
        self.names = names
    }

    func allows(authority: String) -> Bool {
        let host = Self.hostPart(of: authority).lowercased()
        if PeerAddress.isIPLiteral(host) { return true }
        let bare = host.hasSuffix(".") ? String(host.dropLast()) : host
        return names.contains(bare)
    }

    /// `host` of `host:port`, `[v6]` of `[v6]:port`.
    static func hostPart(of authority: String) -> String {
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[...close])
        }
        if let colon = authority.lastIndex(of: ":"), authority.filter({ $0 == ":" }).count == 1 {
            return String(authority[..<colon])
        }
        return authority
    }
}
