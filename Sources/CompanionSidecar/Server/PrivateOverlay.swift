import Foundation

/// A private overlay network: Tailscale's tailnet (`100.64.0.0/10`, `fd7a:115c:a1e0::/48`, `*.ts.net`).
///
/// Its addresses are neither this machine nor the LAN: a listener there always serves TLS (never plain HTTP, not
/// even with `--insecure-http`), as the companion requires HTTPS for them (`HostClass.privateOverlay`).
package enum PrivateOverlay {
    /// True for a tailnet address (IPv4, IPv6, brackets allowed) or a `*.ts.net` name.
    package static func isTailnet(host: String) -> Bool {
        var bare = HostPolicy.unbracketed(host.lowercased())
        if let zone = bare.firstIndex(of: "%") { bare = String(bare[..<zone]) }
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 {
            let address = UInt32(bigEndian: v4.s_addr)
            return address >> 22 == (100 << 2) | 1  // 100.64.0.0/10
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 {
            let bytes = withUnsafeBytes(of: &v6) { Array($0) }
            return bytes.prefix(6).elementsEqual([0xFD, 0x7A, 0x11, 0x5C, 0xA1, 0xE0])
        }
        while bare.hasSuffix(".") { bare.removeLast() }
        return bare.hasSuffix(".ts.net") && bare.count > ".ts.net".count
    }
}
