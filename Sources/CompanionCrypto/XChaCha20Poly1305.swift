import CSodium

/// Authenticated encryption with XChaCha20-Poly1305 (IETF construction,
/// `crypto_aead_xchacha20poly1305_ietf_*`). The 24-byte nonce is large enough to be chosen at random.
public enum XChaCha20Poly1305 {
    public static let keyLength = Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES)
    public static let nonceLength = Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES)
    public static let tagLength = Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)

    /// A fresh random key in zeroing storage.
    public static func generateKey() -> SecureBytes { SecureBytes(SecureRandom.bytes(keyLength)) }

    /// Encrypts `plaintext`; the result is the ciphertext followed by the 16-byte tag, which also covers
    /// `associatedData`.
    public static func seal(
        _ plaintext: SecureBytes, key: SecureBytes, nonce: [UInt8], associatedData: [UInt8]
    ) throws -> [UInt8] {
        try check(key: key, nonce: nonce)
        var out = [UInt8](repeating: 0, count: plaintext.count + tagLength)
        var outLength: UInt64 = 0
        plaintext.withUnsafeBytes { msg in
            key.withUnsafeBytes { k in
                _ = crypto_aead_xchacha20poly1305_ietf_encrypt(
                    &out, &outLength, msg.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt64(msg.count),
                    associatedData, UInt64(associatedData.count), nil, nonce,
                    k.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        return Array(out[..<Int(outLength)])
    }

    /// Decrypts and authenticates. Throws ``CryptoError/authenticationFailed`` when the key is wrong or the
    /// ciphertext, tag or associated data were altered; no plaintext is released in that case.
    public static func open(
        _ ciphertext: [UInt8], key: SecureBytes, nonce: [UInt8], associatedData: [UInt8]
    ) throws -> SecureBytes {
        try check(key: key, nonce: nonce)
        guard ciphertext.count >= tagLength else { throw CryptoError.authenticationFailed }
        let plaintext = SecureBytes(count: ciphertext.count - tagLength)
        var length: UInt64 = 0
        let status = plaintext.withUnsafeMutableBytes { out in
            key.withUnsafeBytes { k in
                crypto_aead_xchacha20poly1305_ietf_decrypt(
                    out.baseAddress?.assumingMemoryBound(to: UInt8.self), &length, nil, ciphertext,
                    UInt64(ciphertext.count), associatedData, UInt64(associatedData.count), nonce,
                    k.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
        }
        guard status == 0, Int(length) == plaintext.count else { throw CryptoError.authenticationFailed }
        return plaintext
    }

    private static func check(key: SecureBytes, nonce: [UInt8]) throws {
        Sodium.ensureInitialized()
        guard key.count == keyLength else { throw CryptoError.invalidKey }
        guard nonce.count == nonceLength else { throw CryptoError.invalidParameter("nonce must be 24 bytes") }
    }
}
