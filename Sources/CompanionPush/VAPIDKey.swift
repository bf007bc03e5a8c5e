import CompanionCrypto
import Crypto
import Foundation

/// Why a stored VAPID key could not be used.
package enum VAPIDKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stored bytes are not a P-256 private key (32 bytes, a scalar below the group order).
    case notAP256Key

    package var description: String {
        switch self {
        case .notAP256Key: "the stored VAPID key is not a P-256 private key (32 bytes)"
        }
    }
}

/// The sidecar's VAPID key (RFC 8292): an ES256 (P-256) signing key that identifies this sidecar to the push
/// services. Kept in the sidecar's vault beside its identity and TLS key, so subscriptions made by the phones stay
/// valid across restarts: a push service refuses a message signed by another key than the subscription's
/// `applicationServerKey` (the ``publicKeyBase64URL`` the phone read from `GET /companion/push/vapid`).
package struct VAPIDKey: Sendable {
    let key: P256.Signing.PrivateKey

    init(key: P256.Signing.PrivateKey) { self.key = key }

    /// A new key from the system's random source.
    package static func generate() -> VAPIDKey { VAPIDKey(key: P256.Signing.PrivateKey()) }

    /// The key whose 32 raw scalar bytes ``secret`` gave.
    package init(secret: SecureBytes) throws(VAPIDKeyError) {
        guard secret.count == 32 else { throw .notAP256Key }
        do {
            key = try secret.withUnsafeBytes { try P256.Signing.PrivateKey(rawRepresentation: $0) }
        } catch { throw .notAP256Key }
    }

    /// The 32 raw scalar bytes, for the vault, copied straight into zeroed-on-release storage.
    package var secret: SecureBytes {
        var raw = key.rawRepresentation
        defer { raw.resetBytes(in: 0..<raw.count) }
        return raw.withUnsafeBytes { SecureBytes(copying: $0) }
    }

    /// The public key as the browser's `applicationServerKey` takes it: the uncompressed point (65 bytes, `04‖X‖Y`),
    /// base64url without padding.
    package var publicKeyBase64URL: String { Base64URL.encode([UInt8](key.publicKey.x963Representation)) }

    /// The ES256 signature of `message`: the raw 64 bytes `R‖S` JWS uses (RFC 7518 §3.4).
    func sign(_ message: [UInt8]) throws -> [UInt8] {
        [UInt8](try key.signature(for: message).rawRepresentation)
    }
}
