import CSodium

/// SHA-256 (`crypto_hash_sha256`).
public enum SHA256 {
    /// Length of a digest in bytes.
    public static let digestLength = Int(crypto_hash_sha256_BYTES)

    /// The SHA-256 digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: digestLength)
        bytes.withUnsafeBufferPointer { input in
            _ = crypto_hash_sha256(&digest, input.baseAddress, UInt64(input.count))
        }
        return digest
    }
}
