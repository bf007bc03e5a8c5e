import Foundation

/// Which addresses a push message may be sent to: public unicast only. Refused: loopback, private (RFC 1918),
/// shared (100.64/10: carrier NAT and tailnets), link-local, unique local (fc00::/7), unspecified, multicast,
/// broadcast and reserved ranges, the IPv4 ones also when mapped into IPv6 (`::ffff:a.b.c.d`) or NAT64
/// (`64:ff9b::/96`). The SSRF defence of Web Push: a device names the endpoint, the sidecar connects to it.
enum PushAddressRules {
    /// Why `address` (4 or 16 bytes) is refused, nil when it is a public unicast address.
    static func refusal(_ address: [UInt8], allowsLoopback: Bool = false) -> String? {
        if address.count == 4 { return refusalV4(address, allowsLoopback: allowsLoopback) }
        guard address.count == 16 else { return "not an IP address" }
        let mapped = address[0..<10].allSatisfy { $0 == 0 } && address[10] == 0xFF && address[11] == 0xFF
        let nat64 = address[0..<12] == [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
        if mapped || nat64 { return refusalV4(Array(address[12..<16]), allowsLoopback: allowsLoopback) }
        if address[0..<15].allSatisfy({ $0 == 0 }) {
            if address[15] == 1 { return allowsLoopback ? nil : "a loopback address" }
            return "the unspecified address"
        }
        if address[0] & 0xFE == 0xFC { return "a unique local address (fc00::/7)" }
        if address[0] == 0xFE && address[1] & 0xC0 == 0x80 { return "a link-local address" }
        if address[0] == 0xFE && address[1] & 0xC0 == 0xC0 { return "a site-local address" }
        if address[0] == 0xFF { return "a multicast address" }
        if address[0] == 0x20 && address[1] == 0x01 && address[2] == 0x0D && address[3] == 0xB8 {
            return "a documentation address"
        }
        // Global unicast is 2000::/3; everything else is reserved.
        if address[0] & 0xE0 != 0x20 { return "a reserved address" }
        return nil
    }

    private static func refusalV4(_ a: [UInt8], allowsLoopback: Bool) -> String? {
        switch (a[0], a[1]) {
        case (127, _): return allowsLoopback ? nil : "a loopback address"
        case (0, _): return "an unspecified or this-network address"
        case (10, _), (192, 168): return "a private address"
        case (172, let b) where b & 0xF0 == 16: return "a private address"
        case (100, let b) where b & 0xC0 == 64: return "a shared address (100.64.0.0/10: carrier NAT, tailnets)"
        case (169, 254): return "a link-local address"
        case (192, 0) where a[2] == 0 || a[2] == 2: return "a reserved address"
        case (198, let b) where b == 18 || b == 19: return "a benchmarking address"
        case (198, 51) where a[2] == 100, (203, 0) where a[2] == 113: return "a documentation address"
        case (let first, _) where first >= 224: return "a multicast, reserved or broadcast address"
        default: return nil
        }
    }

    /// Every address `host` resolves to (IPv4 and IPv6), each as 4 or 16 bytes, by the system resolver on a thread
    /// of its own (getaddrinfo blocks). Empty when it does not resolve.
    static func resolve(_ host: String, port: Int) async -> [[UInt8]] {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: resolveBlocking(host, port: port)) }
        }
    }

    private static func resolveBlocking(_ host: String, port: Int) -> [[UInt8]] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return [] }
        defer { freeaddrinfo(first) }
        var addresses: [[UInt8]] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let raw = entry.pointee.ai_addr {
                switch Int32(raw.pointee.sa_family) {
                case AF_INET:
                    raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { pointer in
                        var address = pointer.pointee.sin_addr
                        addresses.append(withUnsafeBytes(of: &address) { Array($0) })
                    }
                case AF_INET6:
                    raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                        var address = pointer.pointee.sin6_addr
                        addresses.append(withUnsafeBytes(of: &address) { Array($0) })
                    }
                default: break
                }
            }
            cursor = entry.pointee.ai_next
        }
        return addresses
    }

    /// `address` as text (`203.0.113.7`, `2001:db8::1`), as a URL host needs it without brackets.
    static func text(_ address: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = address.count == 4 ? AF_INET : AF_INET6
        let ok = address.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &buffer, socklen_t(buffer.count)) }
        guard ok != nil else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
