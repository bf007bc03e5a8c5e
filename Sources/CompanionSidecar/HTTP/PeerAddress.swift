import Foundation

/// Decides whether a peer is the workstation itself. Only the socket address counts: headers such as
/// `X-Forwarded-For` are ignored, since any client can send them.
package enum PeerAddress {
    /// True for `127.0.0.0/8`, `::1` and IPv4-mapped `::ffff:127.x.y.z` (as text); false for everything else,
    /// including text that is not an IP address.
    package static func isLoopback(ipAddress text: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }  // ::1
        let mapped = bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF
        return mapped && bytes[12] == 127
    }

    /// True when `text` is an IPv4 or IPv6 literal (brackets allowed around IPv6).
    static func isIPLiteral(_ text: String) -> Bool {
        var host = text
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
