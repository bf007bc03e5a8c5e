import CKeyring
import CompanionCrypto
import Foundation

/// The file vault's derived key, kept for a bounded time in the Linux kernel's user keyring (keyrings(7)), so
/// that one `companion keys unlock` spares the passphrase (and Argon2id's second and a half) to every command
/// until it expires or `companion keys lock` forgets it, as `ssh-agent` and `gpg-agent` do.
///
/// The key is a `user` key named `companionkit:vault:<path digest>`, with an expiry set by the kernel
/// (`KEYCTL_SET_TIMEOUT`) and permissions that let only this user's processes read it (`possessor all, user
/// view read search`): the same boundary as the vault file itself, which only this user can read. It never
/// touches the disk and is gone on reboot. The payload binds the key to the vault's salt and Argon2id costs, so a
/// re-keyed vault never uses a stale key.
public struct KernelKeyCache: Sendable {
    /// Shortest and longest time a key may be kept.
    public static let allowedSeconds: ClosedRange<UInt32> = 60...86_400
    /// The payload's format version.
    static let payloadVersion: UInt8 = 1
    /// version, expiry (ms), salt, opslimit, memlimit, key, check.
    static let payloadLength = 1 + 8 + 16 + 4 + 8 + 32 + 32
    /// `possessor: all; user: view, read, search`.
    static let permissions: UInt32 = 0x3f0b_0000

    /// The key's description in the keyring.
    public let description: String

    /// The cache entry of the vault file at `vaultPath`.
    public init(vaultPath: URL) {
        let digest = SHA256.hash(Array(vaultPath.standardizedFileURL.path.utf8)).prefix(12)
        description = "companionkit:vault:" + digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// A cached key: what it derives, and when it expires.
    struct Entry {
        var expiresAt: Date
        var salt: [UInt8]
        var parameters: Argon2idParameters
        var key: SecureBytes
        var check: [UInt8]
    }

    /// The cached key, or nil when there is none (or the kernel has no keyrings, e.g. a seccomp filter).
    func load() -> Entry? {
        let serial = ckeyring_search(ckeyring_user, description)
        guard serial > 0 else { return nil }
        let buffer = SecureBytes(count: Self.payloadLength)
        let length = buffer.withUnsafeMutableBytes { ckeyring_read(serial, $0.baseAddress, Self.payloadLength) }
        guard length == Self.payloadLength else { return nil }
        return buffer.withUnsafeBytes { raw -> Entry? in
            var reader = ByteReader(raw)
            guard (try? reader.u8()) == Self.payloadVersion, let millis = try? reader.u64(),
                let salt = try? reader.bytes(16), let ops = try? reader.u32(), let mem = try? reader.u64(),
                let key = try? reader.take(32), let check = try? reader.bytes(32)
            else { return nil }
            return Entry(
                expiresAt: Date(timeIntervalSince1970: Double(millis) / 1000), salt: salt,
                parameters: Argon2idParameters(opsLimit: UInt64(ops), memLimit: mem), key: SecureBytes(copying: key),
                check: check)
        }
    }

    /// Keeps `key` for `seconds` (within ``allowedSeconds``), replacing an earlier entry.
    func store(
        key: SecureBytes, check: [UInt8], salt: [UInt8], parameters: Argon2idParameters, seconds: UInt32,
        now: Date = Date()
    ) throws {
        guard Self.allowedSeconds.contains(seconds) else {
            throw VaultError.keyCache("the unlock time must be between 1 minute and 24 hours")
        }
        var header = ByteWriter()
        header.u8(Self.payloadVersion)
        header.u64(UInt64((now.timeIntervalSince1970 + Double(seconds)) * 1000))
        header.append(salt)
        header.u32(UInt32(clamping: parameters.opsLimit))
        header.u64(parameters.memLimit)
        // The key is copied only into the payload's own buffer (sized up front, zeroed when released).
        let payload = SecureBytes(count: header.bytes.count + key.count + check.count)
        payload.withUnsafeMutableBytes { raw in
            let keyStart = header.bytes.count
            let checkStart = keyStart + key.count
            header.bytes.withUnsafeBytes { raw.copyMemory(from: $0) }
            key.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: raw[keyStart...]).copyMemory(from: $0) }
            check.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: raw[checkStart...]).copyMemory(from: $0) }
        }
        let serial = payload.withUnsafeBytes { ckeyring_add(description, $0.baseAddress, $0.count, ckeyring_user) }
        guard serial > 0 else { throw Self.unavailable(errno) }
        guard ckeyring_set_permissions(serial, Self.permissions) == 0, ckeyring_set_timeout(serial, seconds) == 0 else {
            let code = errno
            _ = ckeyring_invalidate(serial)
            throw Self.unavailable(code)
        }
    }

    /// Forgets the cached key at once; false when there was none.
    @discardableResult
    public func remove() -> Bool {
        let serial = ckeyring_search(ckeyring_user, description)
        guard serial > 0 else { return false }
        return ckeyring_invalidate(serial) == 0
    }

    /// When the cached key expires, or nil when none is cached.
    public var expiresAt: Date? { load()?.expiresAt }

    static func unavailable(_ code: Int32) -> VaultError {
        .keyCache("the kernel keyring cannot keep the key: \(String(cString: strerror(code)))")
    }
}
