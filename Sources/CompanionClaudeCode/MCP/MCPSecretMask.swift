import CompanionCrypto
import Foundation

/// How env and header values of MCP servers are shown: `••••<fingerprint>`, where the fingerprint is the first
/// 12 hex digits of the value's HMAC-SHA-512 under a random key of this mask (made per sidecar run, zeroed when
/// released). Equal values show
/// equal fingerprints within a run; without the key, a fingerprint cannot be used to confirm a guessed value.
/// A client that sends a mask back unchanged (an edit form that round-trips the list) keeps the stored value
/// (``restore(_:existing:)``); comparisons are constant-time.
package struct MCPSecretMask: Sendable {
    /// Every masked value starts with this.
    package static let prefix = "••••"
    private let key: SecureBytes

    /// A mask with a fresh random key.
    package init() { key = SecureBytes(SecureRandom.bytes(32)) }

    /// The masked form of `value`.
    package func mask(_ value: String) -> String {
        let code = SHA512.authenticationCode(key: key, message: Array(value.utf8))
        return Self.prefix + HexEncoding.lowercase(Array(code.prefix(6)))
    }

    /// Every value of `values` masked, keys unchanged.
    package func mask(_ values: [String: String]) -> [String: String] { values.mapValues { mask($0) } }

    /// `incoming` with every value that is the mask of the stored value for the same key replaced by the stored
    /// value; other values are taken as new. A masked value that matches nothing stored is refused (it would
    /// otherwise be written as the value).
    package func restore(_ incoming: [String: String], existing: [String: String]) throws(MCPServerError)
        -> [String: String]
    {
        var result = incoming
        for (key, value) in incoming where value.hasPrefix(Self.prefix) {
            guard let stored = existing[key], ConstantTime.equals(Array(mask(stored).utf8), Array(value.utf8)) else {
                throw .invalidDefinition(
                    "\(key) holds a masked value that is not the stored one; send the real value or the mask "
                        + "the sidecar showed")
            }
            result[key] = stored
        }
        return result
    }
}

#if canImport(Glibc)
    import Glibc
#endif
