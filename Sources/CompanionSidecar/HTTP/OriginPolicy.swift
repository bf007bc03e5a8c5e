import Foundation

/// Which browser origins may call the sidecar (CORS) and may send state-changing requests.
///
/// Only the origins given (`--cors-origin`, e.g. a phone app's dev server, `http://localhost:19006` for one on
/// this machine) are allowed; none by default. A page from any other origin can neither read answers nor
/// disconnect or revoke; and no origin, allowed or not, gets CORS headers on the pairing routes
/// (``DevCORSMiddleware``): a page on `http://localhost:*` (any local web server the user runs) that read a fresh
/// pairing code from `127.0.0.1` could pair itself.
package struct OriginPolicy: Sendable, Equatable {
    /// Extra origins allowed, exactly as browsers send them (`scheme://host[:port]`, no trailing slash).
    package var extraOrigins: Set<String>

    package init(extraOrigins: [String] = []) {
        self.extraOrigins = Set(extraOrigins.map(Self.normalized))
    }

    /// True when a browser at `origin` may call the sidecar.
    package func allows(_ origin: String) -> Bool {
        extraOrigins.contains(Self.normalized(origin))
    }

    static func normalized(_ origin: String) -> String {
        var text = origin.trimmingCharacters(in: .whitespaces).lowercased()
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
