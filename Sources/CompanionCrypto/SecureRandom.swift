import CSodium

/// Cryptographically secure randomness from libsodium (`randombytes_*`).
public enum SecureRandom {
    /// `count` random bytes (`randombytes_buf`).
    public static func bytes(_ count: Int) -> [UInt8] {
        precondition(count >= 0, "byte count must not be negative")
        Sodium.ensureInitialized()
        var out = [UInt8](repeating: 0, count: count)
        out.withUnsafeMutableBytes { raw in
            if let base = raw.baseAddress { randombytes_buf(base, raw.count) }
        }
        return out
    }

    /// A uniformly distributed number in `0..<upperBound` without modulo bias (`randombytes_uniform`).
    /// Returns 0 when `upperBound` is below 2.
    public static func uniform(_ upperBound: UInt32) -> UInt32 {
        Sodium.ensureInitialized()
        return randombytes_uniform(upperBound)
    }

    /// A random token: `byteCount` random bytes as base64url without padding.
    public static func token(byteCount: Int = 32) -> String {
        Base64.encode(bytes(byteCount), .urlSafeNoPadding)
    }
}
