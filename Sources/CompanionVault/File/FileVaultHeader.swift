import CompanionCrypto

/// The fixed 96-byte header of a file vault, authenticated as associated data of the encrypted payload.
///
/// ```
/// offset size  field
///      0    8  magic "CKVAULT\0"
///      8    2  format version (big-endian), 1
///     10    1  KDF id: 1 = Argon2id v1.3 (libsodium crypto_pwhash)
///     11    1  cipher id: 1 = XChaCha20-Poly1305 IETF
///     12    4  Argon2id opslimit (passes)
///     16    8  Argon2id memlimit (bytes)
///     24   16  salt
///     40   24  nonce (fresh for every write)
///     64   32  key check: second half of the 64-byte Argon2id output
/// ```
/// The first 32 bytes of the Argon2id output are the XChaCha20-Poly1305 key. The key check lets a wrong
/// passphrase be told apart from a damaged file; it gives an attacker nothing the ciphertext does not.
struct FileVaultHeader: Equatable {
    static let magic: [UInt8] = Array("CKVAULT".utf8) + [0]
    static let currentVersion: UInt16 = 1
    static let length = 96
    static let kdfArgon2id: UInt8 = 1
    static let cipherXChaCha20Poly1305: UInt8 = 1

    var version: UInt16 = currentVersion
    var parameters: Argon2idParameters
    var salt: [UInt8]
    var nonce: [UInt8]
    var keyCheck: [UInt8]

    enum Problem: Error {
        case notAVault
        case unsupportedVersion(Int)
        case invalid(String)
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.append(Self.magic)
        writer.u16(version)
        writer.u8(Self.kdfArgon2id)
        writer.u8(Self.cipherXChaCha20Poly1305)
        writer.u32(UInt32(parameters.opsLimit))
        writer.u64(parameters.memLimit)
        writer.append(salt)
        writer.append(nonce)
        writer.append(keyCheck)
        return writer.bytes
    }

    /// Parses and validates the header at the start of `file`.
    static func decode(_ file: [UInt8]) throws(Problem) -> FileVaultHeader {
        guard file.count >= magic.count, Array(file.prefix(magic.count)) == magic else { throw .notAVault }
        do {
            return try file.withUnsafeBytes { raw in
                var reader = ByteReader(raw)
                _ = try reader.take(magic.count)
                let version = try reader.u16()
                guard version == currentVersion else { throw Problem.unsupportedVersion(Int(version)) }
                guard try reader.u8() == kdfArgon2id else { throw Problem.invalid("unknown key derivation") }
                guard try reader.u8() == cipherXChaCha20Poly1305 else { throw Problem.invalid("unknown cipher") }
                let parameters = Argon2idParameters(opsLimit: UInt64(try reader.u32()), memLimit: try reader.u64())
                guard parameters.opsLimit >= Argon2idParameters.minimum.opsLimit,
                    parameters.opsLimit <= Argon2id.maximumOpsLimit,
                    parameters.memLimit >= Argon2idParameters.minimum.memLimit,
                    parameters.memLimit <= Argon2id.maximumMemLimit
                else { throw Problem.invalid("key derivation costs out of range") }
                let salt = try reader.bytes(Argon2id.saltLength)
                let nonce = try reader.bytes(XChaCha20Poly1305.nonceLength)
                let check = try reader.bytes(32)
                guard reader.remaining >= XChaCha20Poly1305.tagLength else { throw Problem.invalid("truncated") }
                return FileVaultHeader(
                    version: version, parameters: parameters, salt: salt, nonce: nonce, keyCheck: check)
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .invalid("truncated header")
        }
    }
}
