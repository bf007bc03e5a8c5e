import CSodium

/// An Ed25519 keypair. The secret key stays in ``SecureBytes`` (zeroed on release) and is never printed.
public final class Ed25519KeyPair: Sendable, CustomStringConvertible {
    /// Length of a libsodium secret key (seed followed by the public key).
    public static let secretKeyLength = Int(crypto_sign_SECRETKEYBYTES)

    /// The public half, safe to share.
    public let publicKey: Ed25519PublicKey
    private let secret: SecureBytes

    /// The 64-byte libsodium secret key. Only the vault should read it.
    public var secretKey: SecureBytes { secret }

    private init(publicKey: Ed25519PublicKey, secret: SecureBytes) {
        self.publicKey = publicKey
        self.secret = secret
    }

    /// A fresh random keypair (`crypto_sign_keypair`).
    public static func generate() -> Ed25519KeyPair {
        Sodium.ensureInitialized()
        var pk = [UInt8](repeating: 0, count: Ed25519PublicKey.length)
        let sk = SecureBytes(count: secretKeyLength)
        sk.withUnsafeMutableBytes { raw in
            _ = crypto_sign_keypair(&pk, raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return Ed25519KeyPair(publicKey: try! Ed25519PublicKey(rawBytes: pk), secret: sk)
    }

    /// A keypair from a 64-byte libsodium secret key. The public key is re-derived from the seed and must
    /// match the embedded public half, so a corrupted key is rejected instead of signing garbage.
    public init(secretKey: SecureBytes) throws {
        guard secretKey.count == Self.secretKeyLength else { throw CryptoError.invalidKey }
        Sodium.ensureInitialized()
        var derived = [UInt8](repeating: 0, count: Ed25519PublicKey.length)
        var embedded = [UInt8](repeating: 0, count: Ed25519PublicKey.length)
        let rederived = SecureBytes(count: Self.secretKeyLength)
        let ok: Bool = secretKey.withUnsafeBytes { raw in
            let sk = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            _ = crypto_sign_ed25519_sk_to_pk(&embedded, sk)
            // The first 32 bytes of a libsodium secret key are the seed.
            return rederived.withUnsafeMutableBytes { out in
                crypto_sign_seed_keypair(&derived, out.baseAddress!.assumingMemoryBound(to: UInt8.self), sk) == 0
            }
        }
        guard ok else { throw CryptoError.invalidKey }
        guard ConstantTime.equals(derived, embedded) else { throw CryptoError.inconsistentKeyPair }
        self.publicKey = try Ed25519PublicKey(rawBytes: derived)
        self.secret = secretKey.copy()
    }

    /// A 64-byte detached Ed25519 signature of `message` (`crypto_sign_detached`).
    public func sign(_ message: [UInt8]) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: Ed25519PublicKey.signatureLength)
        secret.withUnsafeBytes { raw in
            message.withUnsafeBufferPointer { msg in
                _ = crypto_sign_detached(
                    &signature, nil, msg.baseAddress, UInt64(msg.count),
                    raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return signature
    }

    /// The public key's fingerprint only; the secret is never printed.
    public var description: String { "Ed25519KeyPair(\(publicKey.fingerprint))" }
}
