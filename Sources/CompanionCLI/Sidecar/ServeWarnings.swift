import CompanionSidecar

/// The warnings `companion sidecar serve` prints at start about where it listens.
enum ServeWarnings {
    static func print(_ configuration: SidecarConfiguration) {
        let beyond = configuration.listeners.filter { !ListenerSecurity.isLoopback(host: $0.host) }
        guard !beyond.isEmpty else { return }
        let hosts = beyond.map(\.host).joined(separator: ", ")
        Terminal.printWarning(
            "serving on \(hosts): other machines on your network can reach this sidecar and try pairing codes "
                + "(pairing is still started only from this machine)")
        let plain = beyond.filter { $0.security == .plainHTTP }.map(\.host)
        if !plain.isEmpty {
            Terminal.printWarning(
                "--insecure-http: \(plain.joined(separator: ", ")) serves plain HTTP: anyone on that network can read "
                    + "transcripts, answers and terminals, and change what a device sees or sends; drop "
                    + "--insecure-http to serve HTTPS (paired devices pin its key)")
        }
        if configuration.insecureHTTP, beyond.contains(where: { PrivateOverlay.isTailnet(host: $0.host) }) {
            Terminal.printWarning("--insecure-http does not apply to tailnet addresses: they always serve HTTPS")
        }
        if let url = configuration.publicURL, url.lowercased().hasPrefix("http://"),
            configuration.publicListener.security == .tls
        {
            Terminal.printWarning(
                "--public-url \(url) is http but the sidecar serves HTTPS there: companions will not reach it; "
                    + "use https://")
        }
    }
}
