import CompanionCrypto
import Foundation

/// The vault's key: derived with Argon2id from the passphrase (asked once per vault object), or taken from the
/// kernel keyring where `companion keys unlock` left it.
extension FileVault {
    /// A derived key: 32 bytes of key and 32 bytes of check (stored in the header, not secret), for a salt and costs.
    struct DerivedKey {
        var salt: [UInt8]
        var parameters: Argon2idParameters
        var key: SecureBytes
        var check: [UInt8]
    }

    /// Keeps the derived key in the kernel keyring for `seconds` (1 minute to 24 hours), so later commands need
    /// no passphrase until it expires or ``forgetCachedKey()``. The vault must exist and be unlocked (``unlock()``).
    public func cacheDerivedKey(seconds: UInt32) throws {
        guard let keyCache else { throw VaultError.keyCache("this vault keeps no key in the kernel keyring") }
        let current = state.withLock { derived }
        guard let current else {
            throw VaultError.keyCache("the file vault \(path.path) does not exist yet; run `companion keys init` first")
        }
        try keyCache.store(
            key: current.key, check: current.check, salt: current.salt, parameters: current.parameters, seconds: seconds
        )
    }

    /// Forgets the key ``cacheDerivedKey(seconds:)`` kept; false when none was kept.
    @discardableResult
    public func forgetCachedKey() -> Bool { keyCache?.remove() ?? false }

    /// The Argon2id-derived key for `salt` and `parameters`, cached for this vault object; taken from the kernel
    /// keyring (``keyCache``) when `companion keys unlock` left one there that matches the vault's header.
    func key(
        salt: [UInt8], parameters: Argon2idParameters, creating: Bool, expectedCheck: [UInt8]? = nil
    ) throws -> DerivedKey {
        state.lock()
        defer { state.unlock() }
        if let derived, derived.salt == salt, derived.parameters == parameters { return derived }
        if let expectedCheck, let cached = keyCache?.load(), cached.salt == salt, cached.parameters == parameters {
            if ConstantTime.equals(cached.check, expectedCheck) {
                let result = DerivedKey(salt: salt, parameters: parameters, key: cached.key, check: cached.check)
                derived = result
                return result
            }
            keyCache?.remove()
        }
        if passphrase == nil { passphrase = try passphraseSource.obtain(creating) }
        let output = try Argon2id.deriveKey(passphrase: passphrase!, salt: salt, parameters: parameters, length: 64)
        let (key, check) = output.withUnsafeBytes { raw in
            (SecureBytes(copying: UnsafeRawBufferPointer(rebasing: raw.prefix(32))), Array(raw.suffix(32)))
        }
        let result = DerivedKey(salt: salt, parameters: parameters, key: key, check: check)
        derived = result
        return result
    }
}
