import Foundation

/// Works out the base URL put in `qrPayload`.
package enum PublicURL {
    /// Validates a `--public-url`: an http(s) URL with a host and no query; the trailing slash is dropped.
    package static func validated(_ text: String) -> String? {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil
        else { return nil }
        var url = text
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// The URL for a sidecar bound to `host:port`: the bind address itself, except that a wildcard bind
    /// (`0.0.0.0`, `::`) uses this machine's first LAN IPv4 address (or its host name when it has none).
    package static func derived(bindHost host: String, port: Int, hostName: String, scheme: String = "http")
        -> String
    {
        var name = host
        if host == "0.0.0.0" || host == "::" || host == "[::]" || host.isEmpty {
            name = NetworkInterfaces.firstLANIPv4() ?? hostName
        }
        if name.contains(":") && !name.hasPrefix("[") { name = "[\(name)]" }
        return "\(scheme)://\(name):\(port)"
    }
}

/// This machine's network interface addresses.
package enum NetworkInterfaces {
    /// The first IPv4 address of an interface that is up and not loopback, e.g. `192.168.1.20`.
    package static func firstLANIPv4() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        var cursor: UnsafeMutablePointer<ifaddrs>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(MemoryLayout<sockaddr_in>.size)
            guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }
}
