import Foundation
import HTTPTypes
import Hummingbird

/// The one check of every route only the workstation itself may call (`pairing/start`, `pairing/cancel`,
/// `pairing/last`, the hook endpoint): the TCP peer is a loopback address, the request did not come through a
/// proxy, and its `Host` names this machine.
///
/// A reverse proxy on the same host connects from loopback, so the peer address alone would make every client
/// of the proxy "this machine". Proxies say they forwarded a request: `Forwarded`, `X-Forwarded-*`, `X-Real-IP`,
/// `Via` and the like (``proxyHeader(in:)``), and nginx's `proxy_pass`, which adds none of them unless
/// configured to, sends `Connection: close` on every request it forwards, which no CompanionKit client sends.
/// A proxy that adds none of these and keeps connections alive cannot be told from a local client: the sidecar
/// must not be put behind one (SECURITY.md).
struct LocalOnlyGate: Sendable {
    let hostPolicy: HostPolicy
    /// Whether `Connection: close` is refused too (the pairing routes; the hook endpoint's callers are Claude
    /// Code's HTTP client, whose connection handling the sidecar does not choose).
    var refusesConnectionClose = true

    /// Headers that only a proxy adds (lowercased); every `X-Forwarded-*` header counts as well.
    static let proxyHeaders: Set<String> = [
        "forwarded", "x-real-ip", "via", "x-client-ip", "client-ip", "true-client-ip", "cf-connecting-ip",
        "x-cluster-client-ip", "x-original-forwarded-for", "fastly-client-ip",
    ]

    /// The name of the first header in `fields` that a proxy adds, or nil.
    static func proxyHeader(in fields: HTTPFields) -> String? {
        for field in fields {
            let name = field.name.canonicalName
            if name.hasPrefix("x-forwarded-") || proxyHeaders.contains(name) { return name }
        }
        return nil
    }

    /// Throws 403 unless `request` comes from this machine directly; `action` completes "… can only be …".
    func check(_ request: Request, context: SidecarRequestContext, action: String) throws(SidecarError) {
        guard context.peerIsLoopback else {
            throw .forbidden("\(action) only on the workstation itself (loopback)")
        }
        if let header = Self.proxyHeader(in: request.headers) {
            throw .forbidden(
                "\(action) only on the workstation itself, not through a proxy (the request carries \(header)); "
                    + "connect to the sidecar directly")
        }
        if refusesConnectionClose, Self.closes(request.headers) {
            throw .forbidden(
                "\(action) only on the workstation itself; a request with Connection: close looks forwarded "
                    + "by a proxy: connect to the sidecar directly")
        }
        guard let authority = request.head.authority else {
            throw .forbidden("\(action) only with a Host header naming this machine")
        }
        guard hostPolicy.allows(authority: authority) else {
            throw .forbidden("\(action) only through a name of this machine, not \(authority.prefix(100))")
        }
    }

    static func closes(_ fields: HTTPFields) -> Bool {
        fields[values: .connection].contains { value in
            value.lowercased().split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == "close" }
        }
    }
}
