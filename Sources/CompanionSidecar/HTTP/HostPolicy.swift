import Foundation

/// Which `Host` header values name this machine, for the requests that only the workstation may make.
///
/// Accepted: `localhost`, the machine's host name, the host of the public URL, loopback IP literals
/// (`127.0.0.0/8`, `[::1]`) and the address the sidecar binds when it is a specific one. Any other IP literal is
/// refused: a client that names an address this sidecar does not serve is not talking to it directly (a proxy or
/// a forged header). A browser page whose domain was rebound to 127.0.0.1 (DNS rebinding) sends its own domain
/// and is refused.
struct HostPolicy: Sendable {
    let names: Set<String>
    /// IP literals besides loopback ones, lowercased, without brackets.
    let addresses: Set<String>

    init(hostName: String, publicURL: String?, bindAddress: String = "127.0.0.1") {
        self.init(hostName: hostName, publicURL: publicURL, bindAddresses: [bindAddress])
    }

    /// The policy of a sidecar listening on each of `bindAddresses`.
    init(hostName: String, publicURL: String?, bindAddresses: [String]) {
        var names: Set<String> = ["localhost", hostName.lowercased()]
        var addresses: Set<String> = []
        for host in [publicURL.flatMap { URLComponents(string: $0)?.host }].compactMap({ $0 }) + bindAddresses {
            let bare = Self.unbracketed(host.lowercased())
            if !PeerAddress.isIPLiteral(bare) {
                names.insert(bare)
            } else if !Self.wildcards.contains(bare) {
                addresses.insert(bare)
            }
        }
        self.names = names
        self.addresses = addresses
    }

    /// Addresses that mean "every interface" when bound, never a destination.
    static let wildcards: Set<String> = ["0.0.0.0", "::", "0:0:0:0:0:0:0:0"]

    func allows(authority: String) -> Bool {
        let host = Self.hostPart(of: authority).lowercased()
        if PeerAddress.isIPLiteral(host) {
            let bare = Self.unbracketed(host)
            return PeerAddress.isLoopback(ipAddress: bare) || addresses.contains(bare)
        }
        let bare = host.hasSuffix(".") ? String(host.dropLast()) : host
        return names.contains(bare)
    }

    static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
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
