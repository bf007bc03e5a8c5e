import CSodium

extension SecureBytes {
    /// The first `count` bytes (all of them when there are fewer), in a buffer of their own.
    public func prefix(_ count: Int) -> SecureBytes {
        let length = Swift.min(count, self.count)
        let copy = SecureBytes(count: length)
        copy.withUnsafeMutableBytes { target in
            withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(length))) }
        }
        return copy
    }

    /// The bytes as lowercase hexadecimal text (`sodium_bin2hex`), without a terminator, zeroed when released.
    public func hexEncoded() -> SecureBytes {
        Sodium.ensureInitialized()
        let terminated = SecureBytes(count: count * 2 + 1)
        terminated.withUnsafeMutableBytes { text in
            withUnsafeBytes { bytes in
                _ = sodium_bin2hex(
                    text.baseAddress!.assumingMemoryBound(to: CChar.self), text.count,
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count)
            }
        }
        return terminated.prefix(count * 2)
    }

    /// The bytes as base64 text (RFC 4648 §4, `=` padding; `sodium_bin2base64`), without a terminator, zeroed
    /// when released.
    public func base64Encoded() -> SecureBytes {
        Sodium.ensureInitialized()
        let variant = sodium_base64_VARIANT_ORIGINAL
        let capacity = sodium_base64_encoded_len(count, variant)
        let terminated = SecureBytes(count: capacity)
        terminated.withUnsafeMutableBytes { text in
            withUnsafeBytes { bytes in
                _ = sodium_bin2base64(
                    text.baseAddress!.assumingMemoryBound(to: CChar.self), text.count,
                    bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count, variant)
            }
        }
        return terminated.prefix(capacity - 1)
    }
}
