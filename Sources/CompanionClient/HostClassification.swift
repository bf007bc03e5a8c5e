import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a sidecar host lives, which decides whether plain HTTP is acceptable.
public enum HostClass: String, Sendable, Equatable {
    /// This machine: `127.0.0.0/8`, `::1`, `localhost`.
    case loopback
    /// The local network: `10/8`, `172.16/12`, `192.168/16`, `169.254/16`, `fc00::/7`, `fe80::/10`, `*.local`.
    case privateNetwork = "private-network"
    /// A private overlay network, Tailscale's tailnet: `100.64.0.0/10`, `fd7a:115c:a1e0::/48`, `*.ts.net`.
    /// Reachable only by its members, but across the internet: HTTPS only, never plain HTTP.
    case privateOverlay = "private-overlay"
    /// Anything else, including host names that are not `localhost` or `.local` (they may resolve anywhere).
    case publicNetwork = "public"

    /// Classifies a URL host: an IPv4 or IPv6 literal (brackets and zone allowed) or a DNS name.
    public static func of(host rawHost: String) -> HostClass {
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if let percent = host.firstIndex(of: "%") { host = String(host[..<percent]) }
        if let bytes = ipv4Bytes(host) { return classifyIPv4(bytes) }
        if let bytes = ipv6Bytes(host) { return classifyIPv6(bytes) }
        while host.hasSuffix(".") { host.removeLast() }
        if host == "localhost" || host.hasSuffix(".localhost") { return .loopback }
        if host.hasSuffix(".local") && host.count > ".local".count { return .privateNetwork }
        if host.hasSuffix(".ts.net") && host.count > ".ts.net".count { return .privateOverlay }
        return .publicNetwork
    }

    static func classifyIPv4(_ b: [UInt8]) -> HostClass {
        switch (b[0], b[1]) {
        case (127, _): .loopback
        case (10, _), (192, 168), (169, 254): .privateNetwork
        case (172, 16...31): .privateNetwork
        case (100, 64...127): .privateOverlay
        default: .publicNetwork
        }
    }

    static func classifyIPv6(_ b: [UInt8]) -> HostClass {
        if b == [UInt8](repeating: 0, count: 15) + [1] { return .loopback }
        // IPv4-mapped (::ffff:a.b.c.d): judge the embedded IPv4 address.
        if b[0..<10].allSatisfy({ $0 == 0 }) && b[10] == 0xFF && b[11] == 0xFF {
            return classifyIPv4(Array(b[12..<16]))
        }
        // fd7a:115c:a1e0::/48, Tailscale's, inside fc00::/7.
        if b.prefix(6).elementsEqual([0xFD, 0x7A, 0x11, 0x5C, 0xA1, 0xE0]) { return .privateOverlay }
        if b[0] & 0xFE == 0xFC { return .privateNetwork }  // fc00::/7 unique local
        if b[0] == 0xFE && b[1] & 0xC0 == 0x80 { return .privateNetwork }  // fe80::/10 link local
        return .publicNetwork
    }

    static func ipv4Bytes(_ text: String) -> [UInt8]? {
        var address = in_addr()
        guard inet_pton(AF_INET, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    static func ipv6Bytes(_ text: String) -> [UInt8]? {
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        return withUnsafeBytes(of: &address) { Array($0) }
    }
}
