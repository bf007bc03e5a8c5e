import CompanionCrypto
import Foundation

/// The VAPID `Authorization` header of one push message (RFC 8292 §2–3): `vapid t=<JWT>, k=<public key>`, the JWT
/// signed with ES256 by the sidecar's ``VAPIDKey``, naming the push service's origin (`aud`), an expiry (`exp`, at
/// most 24 hours ahead, as the RFC requires) and a contact (`sub`: a `mailto:` or `https:` URL).
///
/// Written here rather than with jwt-kit: the token is one fixed header and three claims, signed by swift-crypto's
/// P-256 either way; jwt-kit would add four modules to every build for these lines (docs/push.md).
package struct VAPIDToken: Sendable {
    /// The longest validity RFC 8292 allows.
    package static let maximumLifetime: TimeInterval = 24 * 60 * 60

    /// The push service's origin (`https://fcm.googleapis.com`): scheme, host and a non-default port.
    package let audience: String
    package let subject: String
    package let expiresAt: Date

    /// A token for `audience` valid until `expiresAt`, clamped to ``maximumLifetime`` after `now`.
    package init(audience: String, subject: String, expiresAt: Date, now: Date = Date()) {
        self.audience = audience
        self.subject = subject
        self.expiresAt = min(expiresAt, now.addingTimeInterval(Self.maximumLifetime))
    }

    /// The origin of an endpoint URL, as `aud` names it; nil when the URL has no scheme or host.
    package static func audience(of endpoint: URL) -> String? {
        guard let scheme = endpoint.scheme?.lowercased(), let host = endpoint.host?.lowercased(), !host.isEmpty
        else { return nil }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = endpoint.port.flatMap { $0 == defaultPort ? nil : $0 }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost)" + (port.map { ":\($0)" } ?? "")
    }

    /// The compact JWS: `base64url(header).base64url(claims).base64url(R‖S)`.
    package func jwt(signedWith key: VAPIDKey) throws -> String {
        let header = #"{"typ":"JWT","alg":"ES256"}"#
        let claims = try JSONSerialization.data(
            withJSONObject: ["aud": audience, "exp": Int(expiresAt.timeIntervalSince1970), "sub": subject],
            options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode([UInt8](claims))
        let signature = try key.sign(Array(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// The `Authorization` header value: `vapid t=<JWT>, k=<public key>`.
    package func authorization(signedWith key: VAPIDKey) throws -> String {
        "vapid t=\(try jwt(signedWith: key)), k=\(key.publicKeyBase64URL)"
    }
}
