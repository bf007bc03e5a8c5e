import Foundation

/// Which push endpoints the sidecar will send to (the SSRF rules of Web Push): an `https` URL without credentials,
/// whose host is a name (not an IP literal) ending in one of the configured push-service suffixes, and every address
/// of which is public (``PushAddressRules``). Checked when a device subscribes and again before every send, where
/// the connection then goes to the very address that was checked (DNS rebinding gains nothing).
struct PushEndpointPolicy: Sendable {
    /// Lowercase host suffixes without a leading dot.
    let hosts: [String]
    let allowsLoopback: Bool
    /// Every address a host resolves to: the system resolver, or a test's (``PushSettings/Testing/resolver``).
    let resolve: @Sendable (String, Int) async -> [[UInt8]]

    init(settings: PushSettings) {
        hosts = settings.hosts.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".")) }
            .filter { !$0.isEmpty }
        allowsLoopback = settings.testing?.allowsLoopback ?? false
        if let resolver = settings.testing?.resolver {
            resolve = resolver
        } else {
            resolve = { host, port in await PushAddressRules.resolve(host, port: port) }
        }
    }

    /// An endpoint that passed the checks: its URL, host, port and the checked addresses to connect to (every
    /// address the host resolved to, each public).
    struct Checked: Sendable {
        let url: URL
        let host: String
        let port: Int
        let addresses: [String]
    }

    /// The longest endpoint accepted (FCM's are about 180 characters, Apple's about 250).
    static let maxLength = 1024

    /// The checked endpoint, or a refusal saying what is wrong and what is accepted.
    func check(_ text: String) async -> Result<Checked, PushEndpointRefusal> {
        let url: URL
        switch syntax(text) {
        case .success(let parsed): url = parsed
        case .failure(let refusal): return .failure(refusal)
        }
        let host = url.host!.lowercased()
        let port = url.port ?? 443
        let addresses = await resolve(host, port)
        guard !addresses.isEmpty else {
            return .failure(PushEndpointRefusal("the push endpoint's host \(host) does not resolve"))
        }
        for address in addresses {
            if let why = PushAddressRules.refusal(address, allowsLoopback: allowsLoopback) {
                return .failure(
                    PushEndpointRefusal(
                        "the push endpoint's host \(host) resolves to \(why) (\(PushAddressRules.text(address))); "
                            + "only public addresses are sent to"))
            }
        }
        return .success(Checked(url: url, host: host, port: port, addresses: addresses.map(PushAddressRules.text)))
    }

    /// The checks that need no resolver: scheme, credentials, host name, suffix list.
    func syntax(_ text: String) -> Result<URL, PushEndpointRefusal> {
        guard text.utf8.count <= Self.maxLength else {
            return .failure(PushEndpointRefusal("the push endpoint is longer than \(Self.maxLength) characters"))
        }
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
            return .failure(PushEndpointRefusal("the push endpoint is not a URL"))
        }
        guard scheme == "https" else {
            return .failure(PushEndpointRefusal("the push endpoint must be an https URL, not \(scheme.prefix(16))"))
        }
        guard url.user == nil, url.password == nil else {
            return .failure(PushEndpointRefusal("the push endpoint must not carry a user name or password"))
        }
        guard let host = url.host?.lowercased(), !host.isEmpty else {
            return .failure(PushEndpointRefusal("the push endpoint has no host"))
        }
        guard !PeerAddress.isIPLiteral(host) else {
            return .failure(
                PushEndpointRefusal("the push endpoint's host must be a push service's name, not an address"))
        }
        guard hosts.contains(where: { host == $0 || host.hasSuffix("." + $0) }) else {
            return .failure(
                PushEndpointRefusal(
                    "the push endpoint's host \(host.prefix(100)) is not a push service this sidecar sends to ("
                        + hosts.joined(separator: ", ") + "); the owner can add one with --push-hosts"))
        }
        return .success(url)
    }
}

/// Why a push endpoint is refused: a 400 `push_endpoint_refused` when a device subscribes; a failed send later.
struct PushEndpointRefusal: Error, Sendable, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
