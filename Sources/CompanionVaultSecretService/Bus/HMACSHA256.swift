import CGcrypt
import CompanionCrypto

/// HMAC-SHA-256 and HKDF-SHA-256 (RFC 5869) with libgcrypt, for the transfer session's key.
enum HMACSHA256 {
    /// HMAC-SHA-256 of `message` under `key`, in memory that is zeroed when released; nil when libgcrypt fails.
    static func mac(key: SecureBytes, message: UnsafeRawBufferPointer) -> SecureBytes? {
        var handle: gcry_md_hd_t?
        let flags = UInt32(GCRY_MD_FLAG_HMAC.rawValue | GCRY_MD_FLAG_SECURE.rawValue)
        guard gcry_md_open(&handle, Int32(GCRY_MD_SHA256.rawValue), flags) == 0, let handle else { return nil }
        defer { gcry_md_close(handle) }
        guard key.withUnsafeBytes({ gcry_md_setkey(handle, $0.baseAddress, $0.count) }) == 0 else { return nil }
        gcry_md_write(handle, message.baseAddress, message.count)
        guard let digest = gcry_md_read(handle, Int32(GCRY_MD_SHA256.rawValue)) else { return nil }
        let out = SecureBytes(count: 32)
        out.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: digest, byteCount: 32) }
        return out
    }

    /// HKDF-SHA-256 without salt (a block of zeros) or info, `length` ≤ 32 bytes: the first block of the expansion.
    static func hkdf(secret: SecureBytes, length: Int) throws(SecretServiceBusError) -> SecureBytes {
        precondition(length <= 32)
        let counter: [UInt8] = [1]
        guard let pseudorandom = secret.withUnsafeBytes({ mac(key: SecureBytes(count: 32), message: $0) }),
            let block = counter.withUnsafeBytes({ mac(key: pseudorandom, message: $0) })
        else { throw .cryptography("HMAC-SHA-256 is not available") }
        let out = SecureBytes(count: length)
        block.withUnsafeBytes { raw in
            out.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: raw.baseAddress!, byteCount: length) }
        }
        return out
    }
}
