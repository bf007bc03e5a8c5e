import CGcrypt
import CompanionCrypto

/// The client's side of the Secret Service's encrypted transfer session, `dh-ietf1024-sha256-aes128-cbc-pkcs7`
/// (Secret Service API, "Transfer of Secrets"): a Diffie-Hellman exchange in the 1024-bit MODP group of RFC 2409
/// (generator 2), the shared secret padded to the prime's length and stretched with HKDF-SHA-256 (no salt, no
/// info) into an AES-128 key, and each secret AES-128-CBC encrypted with PKCS#7 padding under its own IV. The
/// private exponent and the shared secret live in libgcrypt's secure memory, which is wiped when released.
///
/// The private exponent has 256 random bits where libsecret draws 1023: a 1024-bit group offers about 80 bits of
/// security, and an exponent of twice that is enough (NIST SP 800-56A, RFC 7919 §5.2); four times fewer bits make
/// the two exponentiations four times cheaper, and they were a tenth of a `keys show` (docs/startup.md).
final class TransferSession {
    static let algorithm = "dh-ietf1024-sha256-aes128-cbc-pkcs7"
    /// libgcrypt initialised, once per process (a `static let` is initialised exactly once, whatever the threads).
    private static let libgcryptReady = cgcrypt_initialize() == 0

    /// Bits of the private exponent.
    static let exponentBits: UInt32 = 256

    /// The RFC 2409 second Oakley group's prime, big-endian.
    static let prime: [UInt8] = [
        0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xC9, 0x0F, 0xDA, 0xA2, 0x21, 0x68, 0xC2, 0x34, 0xC4, 0xC6,
        0x62, 0x8B, 0x80, 0xDC, 0x1C, 0xD1, 0x29, 0x02, 0x4E, 0x08, 0x8A, 0x67, 0xCC, 0x74, 0x02, 0x0B, 0xBE, 0xA6,
        0x3B, 0x13, 0x9B, 0x22, 0x51, 0x4A, 0x08, 0x79, 0x8E, 0x34, 0x04, 0xDD, 0xEF, 0x95, 0x19, 0xB3, 0xCD, 0x3A,
        0x43, 0x1B, 0x30, 0x2B, 0x0A, 0x6D, 0xF2, 0x5F, 0x14, 0x37, 0x4F, 0xE1, 0x35, 0x6D, 0x6D, 0x51, 0xC2, 0x45,
        0xE4, 0x85, 0xB5, 0x76, 0x62, 0x5E, 0x7E, 0xC6, 0xF4, 0x4C, 0x42, 0xE9, 0xA6, 0x37, 0xED, 0x6B, 0x0B, 0xFF,
        0x5C, 0xB6, 0xF4, 0x06, 0xB7, 0xED, 0xEE, 0x38, 0x6B, 0xFB, 0x5A, 0x89, 0x9F, 0xA5, 0xAE, 0x9F, 0x24, 0x11,
        0x7C, 0x4B, 0x1F, 0xE6, 0x49, 0x28, 0x66, 0x51, 0xEC, 0xE6, 0x53, 0x81, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
        0xFF, 0xFF,
    ]

    /// The private exponent, released (and wiped, being in secure memory) once the key is agreed.
    private var exponent: gcry_mpi_t?
    /// Our public value, big-endian without leading zeros, for `OpenSession`'s input.
    let publicKey: [UInt8]
    /// The AES-128 key, once ``agree(withServiceKey:)`` has run.
    private var key: SecureBytes?

    init() throws(SecretServiceBusError) {
        guard Self.libgcryptReady else { throw .cryptography("libgcrypt could not be initialised") }
        let modulus = try Self.integer(Self.prime)
        defer { gcry_mpi_release(modulus) }
        guard let exponent = gcry_mpi_snew(1024) else { throw .cryptography("libgcrypt could not allocate") }
        var kept = false
        defer { if !kept { gcry_mpi_release(exponent) } }
        guard let generator = gcry_mpi_set_ui(nil, 2) else { throw .cryptography("libgcrypt could not allocate") }
        defer { gcry_mpi_release(generator) }
        guard let mine = gcry_mpi_new(1024) else { throw .cryptography("libgcrypt could not allocate") }
        defer { gcry_mpi_release(mine) }
        // A random, non-zero 256-bit exponent.
        repeat {
            gcry_mpi_randomize(exponent, Self.exponentBits, GCRY_STRONG_RANDOM)
        } while gcry_mpi_cmp_ui(exponent, 0) == 0
        gcry_mpi_powm(mine, generator, exponent, modulus)
        publicKey = try Self.bytes(of: mine)
        self.exponent = exponent
        kept = true
    }

    deinit {
        if let exponent { gcry_mpi_release(exponent) }
    }

    /// Derives the session key from the service's public value (`OpenSession`'s output); the private exponent is
    /// released afterwards, whatever the outcome.
    func agree(withServiceKey peerBytes: [UInt8]) throws(SecretServiceBusError) {
        guard let exponent else { throw .cryptography("the transfer session was already agreed") }
        defer {
            gcry_mpi_release(exponent)
            self.exponent = nil
        }
        let modulus = try Self.integer(Self.prime)
        defer { gcry_mpi_release(modulus) }
        let peer = try Self.integer(peerBytes)
        defer { gcry_mpi_release(peer) }
        guard let limit = gcry_mpi_new(1024) else { throw .cryptography("libgcrypt could not allocate") }
        defer { gcry_mpi_release(limit) }
        // 1 < peer < p - 1: anything else makes the shared secret predictable.
        gcry_mpi_sub_ui(limit, modulus, 1)
        guard gcry_mpi_cmp_ui(peer, 1) > 0, gcry_mpi_cmp(peer, limit) < 0 else {
            throw .cryptography("the Secret Service sent an invalid public key")
        }
        guard let shared = gcry_mpi_snew(1024) else { throw .cryptography("libgcrypt could not allocate") }
        defer { gcry_mpi_release(shared) }
        gcry_mpi_powm(shared, peer, exponent, modulus)
        let secret = try Self.secureBytes(of: shared, length: Self.prime.count)
        key = try HMACSHA256.hkdf(secret: secret, length: 16)
    }

    /// Decrypts one secret's value with its IV (the `Secret` struct's parameters) and removes the padding.
    func decrypt(_ ciphertext: [UInt8], iv: [UInt8]) throws(SecretServiceBusError) -> SecureBytes {
        guard let key else { throw .cryptography("no transfer session key") }
        guard iv.count == 16, !ciphertext.isEmpty, ciphertext.count % 16 == 0 else {
            throw .cryptography("a secret arrived with a malformed encryption")
        }
        let plain = SecureBytes(ciphertext)
        var handle: gcry_cipher_hd_t?
        let opened = gcry_cipher_open(
            &handle, Int32(GCRY_CIPHER_AES.rawValue), Int32(GCRY_CIPHER_MODE_CBC.rawValue),
            UInt32(GCRY_CIPHER_SECURE.rawValue))
        guard opened == 0, let handle else { throw .cryptography("AES-128-CBC is not available") }
        defer { gcry_cipher_close(handle) }
        let failed = key.withUnsafeBytes { raw in
            plain.withUnsafeMutableBytes { out in
                gcry_cipher_setkey(handle, raw.baseAddress, raw.count) != 0
                    || gcry_cipher_setiv(handle, iv, iv.count) != 0
                    || gcry_cipher_decrypt(handle, out.baseAddress, out.count, nil, 0) != 0
            }
        }
        guard !failed else { throw .cryptography("a secret could not be decrypted") }
        return try PKCS7.unpad(plain)
    }

    private static func integer(_ bytes: [UInt8]) throws(SecretServiceBusError) -> gcry_mpi_t {
        var value: gcry_mpi_t?
        guard gcry_mpi_scan(&value, GCRYMPI_FMT_USG, bytes, bytes.count, nil) == 0, let value else {
            throw .cryptography("a Diffie-Hellman value could not be read")
        }
        return value
    }

    private static func bytes(of value: gcry_mpi_t) throws(SecretServiceBusError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: prime.count)
        var written = 0
        guard gcry_mpi_print(GCRYMPI_FMT_USG, &buffer, buffer.count, &written, value) == 0 else {
            throw .cryptography("a Diffie-Hellman value could not be written")
        }
        return Array(buffer[0..<written])
    }

    /// `value` big-endian, left-padded with zeros to `length` bytes, in memory that is zeroed when released.
    private static func secureBytes(of value: gcry_mpi_t, length: Int) throws(SecretServiceBusError) -> SecureBytes {
        let out = SecureBytes(count: length)
        var written = 0
        let status = out.withUnsafeMutableBytes { raw in
            gcry_mpi_print(GCRYMPI_FMT_USG, raw.baseAddress, raw.count, &written, value)
        }
        guard status == 0, written <= length else { throw .cryptography("the shared secret could not be written") }
        if written < length {
            out.withUnsafeMutableBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                for index in stride(from: written - 1, through: 0, by: -1) {
                    bytes[index + length - written] = bytes[index]
                }
                for index in 0..<(length - written) { bytes[index] = 0 }
            }
        }
        return out
    }
}
