import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The network-order bytes of an IP literal (4 for IPv4, 16 for IPv6; brackets and an IPv6 zone allowed), as a
/// certificate's `iPAddress` subject alternative name holds them; nil for a host name.
enum IPAddressBytes {
    static func parse(_ text: String) -> [UInt8]? {
        var bare = text
        if bare.hasPrefix("[") && bare.hasSuffix("]") { bare = String(bare.dropFirst().dropLast()) }
        if let zone = bare.firstIndex(of: "%") { bare = String(bare[..<zone]) }
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return withUnsafeBytes(of: &v4) { [UInt8]($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, bare, &v6) == 1 { return withUnsafeBytes(of: &v6) { [UInt8]($0) } }
        return nil
    }
}
