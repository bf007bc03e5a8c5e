import CompanionAPI
import CompanionCrypto
import Crypto
import Foundation

/// Why a stored TLS key could not be used.
public enum TLSKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The stored bytes are not a P-256 private key (32 bytes, a scalar below the group order).
    case notAP256Key

    public var description: String {
        switch self {
        case .notAP256Key: "the stored TLS key is not a P-256 private key (32 bytes)"
        }
    }
}

/// The sidecar's own TLS key: a P-256 signing key, kept in the sidecar's vault next to its Ed25519 identity.
///
/// P-256, not Ed25519: browsers and iOS accept no Ed25519 certificate. The key outlives certificates: the
/// self-signed certificate is issued again from it whenever the names served change, so its ``pin`` (what
/// companions store with their pairing) stays the same until `companion sidecar tls rotate` replaces the key.
public struct TLSServerKey: Sendable {
    let key: P256.Signing.PrivateKey

    init(key: P256.Signing.PrivateKey) { self.key = key }

    /// A new key from the system's random source.
    public static func generate() -> TLSServerKey { TLSServerKey(key: P256.Signing.PrivateKey()) }

    /// The key whose 32 raw scalar bytes ``secret`` gave.
    public init(secret: SecureBytes) throws(TLSKeyError) {
        guard secret.count == 32 else { throw .notAP256Key }
        do {
            key = try secret.withUnsafeBytes { try P256.Signing.PrivateKey(rawRepresentation: $0) }
        } catch { throw .notAP256Key }
    }

    /// The 32 raw scalar bytes, for the vault, copied straight into zeroed-on-release storage; swift-crypto's copy is
    /// zeroed.
    public var secret: SecureBytes {
        var raw = key.rawRepresentation
        defer { raw.resetBytes(in: 0..<raw.count) }
        return raw.withUnsafeBytes { SecureBytes(copying: $0) }
    }

    /// The pin of the key: the SHA-256 of its DER-encoded SubjectPublicKeyInfo.
    public var pin: TLSPin { TLSPin(subjectPublicKeyInfoDER: [UInt8](key.publicKey.derRepresentation)) }

    /// The PKCS #8 DER of the private key, as the TLS stack loads it; the caller zeroes it after use.
    var pkcs8DER: [UInt8] {
        var der = key.derRepresentation
        defer { der.resetBytes(in: 0..<der.count) }
        return [UInt8](der)
    }
}

extension TLSServerKey {
    /// The text of a vault item kept beside the key that is not itself secret (the switch time of an announced
    /// key): the vault hands every item back as ``SecureBytes``, whose bytes only the modules allowed by
    /// `scripts/check-secret-bytes.sh` open.
    public static func storedText(_ stored: SecureBytes) -> String {
        stored.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }
}
