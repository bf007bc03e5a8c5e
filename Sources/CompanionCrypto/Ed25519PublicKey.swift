import CSodium

/// An Ed25519 public key (32 raw bytes). Encodes to JSON as a standard base64 string.
public struct Ed25519PublicKey: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Length of a raw public key in bytes.
    public static let length = Int(crypto_sign_PUBLICKEYBYTES)
    /// Length of a detached signature in bytes.
    public static let signatureLength = Int(crypto_sign_BYTES)

    /// The 32 raw bytes.
    public let rawBytes: [UInt8]

    /// A key from its raw bytes. Throws ``CryptoError/invalidKey`` unless there are exactly 32.
    public init(rawBytes: [UInt8]) throws {
        guard rawBytes.count == Self.length else { throw CryptoError.invalidKey }
        self.rawBytes = rawBytes
    }

    /// A key from standard base64 (padding optional). Throws ``CryptoError/invalidKey`` for anything else.
    public init(base64: String) throws {
        guard let bytes = Base64.decode(base64, .standard) ?? Base64.decode(base64, .standardNoPadding) else {
            throw CryptoError.invalidKey
        }
        try self.init(rawBytes: bytes)
    }

    /// True when the key is a canonical encoding of a point in the main subgroup, not of small order
    /// (`crypto_core_ed25519_is_valid_point`): what a real key pair produces. Keys failing this can never have
    /// a signature accepted, so a peer offering one is refused up front.
    public var isValidPoint: Bool {
        Sodium.ensureInitialized()
        return crypto_core_ed25519_is_valid_point(rawBytes) == 1
    }

    /// Standard base64 with padding (44 characters).
    public var base64: String { Base64.encode(rawBytes, .standard) }

    /// The SHA-256 fingerprint of the raw key.
    public var fingerprint: Fingerprint { Fingerprint(digest: SHA256.hash(rawBytes)) }

    /// The fingerprint, never anything secret.
    public var description: String { "Ed25519PublicKey(\(fingerprint))" }

    /// True when `signature` is a valid Ed25519 signature of `message` by this key
    /// (`crypto_sign_verify_detached`, which rejects non-canonical and small-order encodings).
    public func verify(signature: [UInt8], message: [UInt8]) -> Bool {
        guard signature.count == Self.signatureLength else { return false }
        Sodium.ensureInitialized()
        return message.withUnsafeBufferPointer { msg in
            crypto_sign_verify_detached(signature, msg.baseAddress, UInt64(msg.count), rawBytes) == 0
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(base64: text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "not a base64 Ed25519 public key"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base64)
    }
}
