import CompanionCrypto

/// The fixed header of a file vault, authenticated as associated data of the encrypted payload.
///
/// Format 2 (written since issue #11), 128 bytes:
/// ```
/// offset size  field
///      0    8  magic "CKVAULT\0"
///      8    2  format version (big-endian), 2
///     10    1  KDF id: 1 = Argon2id v1.3 (libsodium crypto_pwhash)
///     11    1  cipher id: 1 = XChaCha20-Poly1305 IETF
///     12    4  Argon2id opslimit (passes)
///     16    8  Argon2id memlimit (bytes)
///     24   16  salt
///     40   24  nonce (fresh for every write)
///     64   32  key check: second half of the 64-byte Argon2id output
///     96   32  header checksum: SHA-256 of bytes 0-95
/// ```
/// Format 1 is the first 96 bytes alone (version 1, no checksum); it is still read, and rewritten as format 2 on
/// the next write.
///
/// The first 32 bytes of the Argon2id output are the XChaCha20-Poly1305 key. The checksum is verified before
/// any field is used, so random damage to the header is reported as a damaged file, never as a wrong
/// passphrase; it is not a secret and cannot stop a deliberate change, which the AEAD (the whole header is its
/// associated data) and the cost bounds below catch. With the header intact, a key check that does not match
/// means the passphrase is wrong; it gives an attacker nothing the ciphertext does not.
struct FileVaultHeader: Equatable {
    static let magic: [UInt8] = Array("CKVAULT".utf8) + [0]
    static let currentVersion: UInt16 = 2
    /// Bytes covered by the checksum, and the whole header of format 1.
    static let fieldsLength = 96
    static let checksumLength = 32
    static let kdfArgon2id: UInt8 = 1
    static let cipherXChaCha20Poly1305: UInt8 = 1

    /// The largest Argon2id costs a file may ask for, each inclusive: 16 passes, 1 GiB, and at most 4 GiB of
    /// memory traffic in total (passes x memory, 16 x 256 MiB: four times today's default of 4 x 256 MiB).
    /// Anything above is refused as damage before any derivation, so a crafted header cannot make the
    /// companion spend minutes or gigabytes.
    static let maximumOpsLimit: UInt64 = 16
    static let maximumMemLimit: UInt64 = 1 << 30
    static let maximumWork: UInt64 = 16 * (256 << 20)

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

    /// Length of the header of `version` (96 bytes for format 1, 128 for format 2).
    static func length(version: UInt16) -> Int { version == 1 ? fieldsLength : fieldsLength + checksumLength }

    /// Length of this header in the file.
    var length: Int { Self.length(version: version) }

    /// The header's bytes (with the checksum from format 2 on).
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
        if version >= 2 { writer.append(SHA256.hash(writer.bytes)) }
        return writer.bytes
    }

    /// True when `costs` are within the documented maxima (and libsodium's minima).
    static func acceptable(_ costs: Argon2idParameters) -> Bool {
        costs.opsLimit >= Argon2idParameters.minimum.opsLimit && costs.opsLimit <= maximumOpsLimit
            && costs.memLimit >= Argon2idParameters.minimum.memLimit && costs.memLimit <= maximumMemLimit
            && costs.opsLimit * costs.memLimit <= maximumWork
    }

    /// Parses and validates the header at the start of `file`: the checksum first (format 2), then the fields.
    static func decode(_ file: [UInt8]) throws(Problem) -> FileVaultHeader {
        guard file.count >= magic.count, Array(file.prefix(magic.count)) == magic else { throw .notAVault }
        guard file.count >= fieldsLength + XChaCha20Poly1305.tagLength else { throw .invalid("truncated header") }
        let version = UInt16(file[8]) << 8 | UInt16(file[9])
        switch version {
        case 1: break
        case 2...:
            // A damaged version field and a newer format are told apart by the checksum every format from 2
            // on keeps at offset 96.
            let intact =
                file.count >= fieldsLength + checksumLength
                && ConstantTime.equals(
                    SHA256.hash(Array(file[..<fieldsLength])), Array(file[fieldsLength..<fieldsLength + checksumLength])
                )
            guard intact else { throw .invalid("header checksum mismatch") }
            guard version == currentVersion else { throw .unsupportedVersion(Int(version)) }
        default: throw .invalid("invalid format version \(version)")
        }
        guard file.count >= length(version: version) + XChaCha20Poly1305.tagLength else { throw .invalid("truncated") }
        return try fields(file, version: version)
    }

    private static func fields(_ file: [UInt8], version: UInt16) throws(Problem) -> FileVaultHeader {
        do {
            return try file.withUnsafeBytes { raw in
                var reader = ByteReader(raw)
                _ = try reader.take(magic.count + 2)
                guard try reader.u8() == kdfArgon2id else { throw Problem.invalid("unknown key derivation") }
                guard try reader.u8() == cipherXChaCha20Poly1305 else { throw Problem.invalid("unknown cipher") }
                let parameters = Argon2idParameters(opsLimit: UInt64(try reader.u32()), memLimit: try reader.u64())
                guard acceptable(parameters) else { throw Problem.invalid("key derivation costs out of range") }
                let salt = try reader.bytes(Argon2id.saltLength)
                let nonce = try reader.bytes(XChaCha20Poly1305.nonceLength)
                let check = try reader.bytes(32)
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
