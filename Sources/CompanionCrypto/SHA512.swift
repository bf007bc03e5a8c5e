import CSodium

/// SHA-512 (`crypto_hash_sha512`) and HMAC-SHA-512 (`crypto_auth_hmacsha512`).
public enum SHA512 {
    /// Length of a digest in bytes.
    public static let digestLength = Int(crypto_hash_sha512_BYTES)
    /// Input block size in bytes (`H.s_in_bytes` in the CPace draft).
    public static let blockSize = 128

    /// The SHA-512 digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var digest = [UInt8](repeating: 0, count: digestLength)
        bytes.withUnsafeBufferPointer { input in
            _ = crypto_hash_sha512(&digest, input.baseAddress, UInt64(input.count))
        }
        return digest
    }

    /// The SHA-512 digest of secret bytes, kept secret.
    public static func hash(_ bytes: SecureBytes) -> SecureBytes {
        Sodium.ensureInitialized()
        let digest = SecureBytes(count: digestLength)
        bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBytes { output in
                _ = crypto_hash_sha512(
                    output.bindMemory(to: UInt8.self).baseAddress!, input.bindMemory(to: UInt8.self).baseAddress,
                    UInt64(input.count))
            }
        }
        return digest
    }

    /// HMAC-SHA-512 of `message` under `key` (any length; RFC 2104).
    public static func authenticationCode(key: SecureBytes, message: [UInt8]) -> [UInt8] {
        Sodium.ensureInitialized()
        var state = crypto_auth_hmacsha512_state()
        var tag = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha512_BYTES))
        key.withUnsafeBytes { raw in
            _ = crypto_auth_hmacsha512_init(&state, raw.bindMemory(to: UInt8.self).baseAddress!, raw.count)
        }
        message.withUnsafeBufferPointer { input in
            _ = crypto_auth_hmacsha512_update(&state, input.baseAddress, UInt64(input.count))
        }
        _ = crypto_auth_hmacsha512_final(&state, &tag)
        withUnsafeMutableBytes(of: &state) { sodium_memzero($0.baseAddress!, $0.count) }
        return tag
    }
}
