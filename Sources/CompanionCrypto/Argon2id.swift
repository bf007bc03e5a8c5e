import CSodium

/// Cost parameters of Argon2id, recorded beside whatever they protect so they can be raised later.
public struct Argon2idParameters: Sendable, Codable, Equatable, CustomStringConvertible {
    /// Number of passes over memory (`opslimit`).
    public var opsLimit: UInt64
    /// Memory in bytes (`memlimit`).
    public var memLimit: UInt64

    public init(opsLimit: UInt64, memLimit: UInt64) {
        self.opsLimit = opsLimit
        self.memLimit = memLimit
    }

    /// libsodium's "moderate" profile: 3 passes over 256 MiB (about a second on a laptop core).
    public static let moderate = Argon2idParameters(
        opsLimit: UInt64(crypto_pwhash_OPSLIMIT_MODERATE), memLimit: UInt64(crypto_pwhash_MEMLIMIT_MODERATE))
    /// libsodium's "interactive" profile: 2 passes over 64 MiB.
    public static let interactive = Argon2idParameters(
        opsLimit: UInt64(crypto_pwhash_OPSLIMIT_INTERACTIVE), memLimit: UInt64(crypto_pwhash_MEMLIMIT_INTERACTIVE))
    /// The lowest costs libsodium accepts for Argon2id; reading a file that claims less is refused.
    public static let minimum = Argon2idParameters(
        opsLimit: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MIN), memLimit: UInt64(crypto_pwhash_argon2id_MEMLIMIT_MIN))

    public var description: String { "argon2id(ops=\(opsLimit), mem=\(memLimit / 1024 / 1024) MiB)" }
}

/// Password-based key derivation with Argon2id v1.3 (`crypto_pwhash`, `crypto_pwhash_ALG_ARGON2ID13`).
public enum Argon2id {
    /// Salt length in bytes (16).
    public static let saltLength = Int(crypto_pwhash_SALTBYTES)
    /// The largest memory cost ``deriveKey(passphrase:salt:parameters:length:)`` accepts (inclusive): 1 GiB.
    /// Callers reading costs from untrusted input should bound them more tightly for their use.
    public static let maximumMemLimit: UInt64 = 1 << 30
    /// The largest number of passes ``deriveKey(passphrase:salt:parameters:length:)`` accepts (inclusive): 16.
    public static let maximumOpsLimit: UInt64 = 16

    /// Derives `length` key bytes from `passphrase` and `salt`.
    public static func deriveKey(
        passphrase: SecureBytes, salt: [UInt8], parameters: Argon2idParameters, length: Int = 32
    ) throws -> SecureBytes {
        guard salt.count == saltLength else { throw CryptoError.invalidParameter("salt must be \(saltLength) bytes") }
        guard parameters.opsLimit >= Argon2idParameters.minimum.opsLimit, parameters.opsLimit <= maximumOpsLimit,
            parameters.memLimit >= Argon2idParameters.minimum.memLimit, parameters.memLimit <= maximumMemLimit
        else { throw CryptoError.invalidParameter("Argon2id costs out of range: \(parameters)") }
        guard passphrase.count > 0 else { throw CryptoError.invalidParameter("empty passphrase") }
        Sodium.ensureInitialized()
        let key = SecureBytes(count: length)
        let status = key.withUnsafeMutableBytes { out in
            passphrase.withUnsafeBytes { pw in
                crypto_pwhash(
                    out.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(length),
                    pw.baseAddress!.assumingMemoryBound(to: CChar.self), UInt64(pw.count), salt,
                    parameters.opsLimit, Int(parameters.memLimit), crypto_pwhash_ALG_ARGON2ID13)
            }
        }
        guard status == 0 else { throw CryptoError.keyDerivationFailed }
        return key
    }
}
