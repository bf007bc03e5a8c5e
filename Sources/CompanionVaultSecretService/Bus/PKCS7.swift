import CompanionCrypto

/// PKCS#7 padding of a decrypted block-cipher message (16-byte blocks).
enum PKCS7 {
    /// The message without its padding; throws when the padding is not 1 to 16 bytes of its own length.
    static func unpad(_ padded: SecureBytes) throws(SecretServiceBusError) -> SecureBytes {
        let count = padded.withUnsafeBytes { raw -> Int? in
            guard let last = raw.last, last >= 1, last <= 16, Int(last) <= raw.count else { return nil }
            return raw.suffix(Int(last)).allSatisfy { $0 == last } ? raw.count - Int(last) : nil
        }
        guard let count else { throw .cryptography("a secret arrived with invalid padding") }
        let out = SecureBytes(count: count)
        if count > 0 {
            padded.withUnsafeBytes { raw in
                out.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: raw.baseAddress!, byteCount: count) }
            }
        }
        return out
    }
}
