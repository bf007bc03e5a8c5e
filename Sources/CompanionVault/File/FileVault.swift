import CompanionCrypto
import Foundation

/// Credentials in one encrypted file per profile: `$XDG_DATA_HOME/companionkit/<profile>/vault.ckv`
/// (0600, in a 0700 directory). Argon2id derives the key from a passphrase; XChaCha20-Poly1305 encrypts
/// the payload with the header as associated data (format: ``FileVaultHeader``, ``FileVaultPayload``).
/// Every change rewrites the file atomically under an exclusive `flock`, in the current format (a format-1 file
/// is upgraded on its first write); a wrong passphrase or a damaged file raises an error before anything is
/// written, and a damaged header is reported as damage before any key is derived.
public final class FileVault: InspectableVault, @unchecked Sendable {
    /// Argon2id costs for new vaults: 4 passes over 256 MiB. That is four times the memory of
    /// keyrings.cryptfile (15 passes over 64 MiB) and more memory traffic in total (1 GiB vs 960 MiB).
    /// A vault written with lower costs is re-keyed with these on its next write.
    public static let defaultParameters = Argon2idParameters(opsLimit: 4, memLimit: 256 << 20)
    public static let fileName = "vault.ckv"
    static let lockName = "vault.lock"
    static let changeLockName = "changes.lock"

    public let profile: VaultProfile
    /// The vault file.
    public let path: URL
    let lockPath: URL
    /// Serialises read → decide → write sequences (``VaultChangeLock``): `changes.lock` beside the vault. It is
    /// not `vault.lock`, which each single read or write takes on its own inside the sequence.
    public let changeLock: VaultChangeLock
    let parameters: Argon2idParameters
    let passphraseSource: PassphraseSource
    /// Where `companion keys unlock` keeps the derived key for a while (the kernel's user keyring); consulted
    /// before the passphrase is asked for.
    public let keyCache: KernelKeyCache?

    /// Guards `passphrase` and `derived` (FileVault+Key.swift).
    let state = NSLock()
    var passphrase: SecureBytes?
    var derived: DerivedKey?

    /// A file vault for `profile`; nothing is read or prompted until first use.
    /// - Parameter directory: where the vault lives; defaults to the profile's ``VaultProfile/dataDirectory``.
    public init(
        profile: VaultProfile, directory: URL? = nil, parameters: Argon2idParameters = FileVault.defaultParameters,
        passphrase: PassphraseSource = .standard, keyCache: Bool = true
    ) {
        self.profile = profile
        let directory = directory ?? profile.dataDirectory
        path = directory.appendingPathComponent(Self.fileName)
        lockPath = directory.appendingPathComponent(Self.lockName)
        changeLock = VaultChangeLock(path: directory.appendingPathComponent(Self.changeLockName))
        self.parameters = parameters
        passphraseSource = passphrase
        self.keyCache = keyCache ? KernelKeyCache(vaultPath: path) : nil
    }

    /// Reads and decrypts the vault if it exists, so a wrong passphrase or a damaged file is reported now.
    public func unlock() throws { _ = try read() }

    public func set(_ name: String, secret: SecureBytes, label: String, kind: VaultItemKind) throws {
        try VaultItemName.validate(name)
        try mutate { entries in
            let now = Date()
            let created = entries.first { $0.metadata.name == name }?.metadata.created ?? now
            entries.removeAll { $0.metadata.name == name }
            let copy = secret.copy()
            entries.append(
                FileVaultEntry(
                    metadata: VaultItemMetadata(name: name, label: label, kind: kind, created: created, modified: now),
                    secret: copy))
            return true
        }
    }

    public func get(_ name: String) throws -> SecureBytes? {
        try VaultItemName.validate(name)
        return try read().first { $0.metadata.name == name }?.secret
    }

    public func remove(_ name: String) throws {
        try VaultItemName.validate(name)
        try mutate { entries in
            let before = entries.count
            entries.removeAll { $0.metadata.name == name }
            return entries.count != before
        }
    }

    public func list() throws -> [VaultItemMetadata] {
        try read().map(\.metadata).sorted { $0.name < $1.name }
    }

    // MARK: - Reading and writing

    private func read() throws -> [FileVaultEntry] {
        guard FileManager.default.fileExists(atPath: path.deletingLastPathComponent().path) else { return [] }
        return try LockedFile.withLock(lockPath, exclusive: false) { try load()?.entries ?? [] }
    }

    /// Applies `change` under the exclusive lock; writes only when it returns true.
    private func mutate(_ change: (inout [FileVaultEntry]) throws -> Bool) throws {
        try LockedFile.ensurePrivateDirectory(path.deletingLastPathComponent())
        try LockedFile.withLock(lockPath, exclusive: true) {
            let current = try load()
            var entries = current?.entries ?? []
            guard try change(&entries) else { return }
            try store(entries, previous: current?.header)
        }
    }

    private func load() throws -> (header: FileVaultHeader, entries: [FileVaultEntry])? {
        guard let bytes = try LockedFile.read(path) else { return nil }
        let header: FileVaultHeader
        do {
            header = try FileVaultHeader.decode(bytes)
        } catch .notAVault {
            throw VaultError.corruptFile(path: path.path, reason: "not a CompanionKit vault file")
        } catch .unsupportedVersion(let version) {
            throw VaultError.unsupportedVersion(path: path.path, version: version)
        } catch .invalid(let reason) {
            throw VaultError.corruptFile(path: path.path, reason: reason)
        }
        let key = try self.key(
            salt: header.salt, parameters: header.parameters, creating: false, expectedCheck: header.keyCheck)
        guard ConstantTime.equals(key.check, header.keyCheck) else { throw VaultError.wrongPassphrase(path: path.path) }
        let associated = Array(bytes[..<header.length])
        let ciphertext = Array(bytes[header.length...])
        do {
            let plaintext = try XChaCha20Poly1305.open(
                ciphertext, key: key.key, nonce: header.nonce, associatedData: associated)
            return (header, try FileVaultPayload.decode(plaintext))
        } catch is CryptoError {
            throw VaultError.corruptFile(path: path.path, reason: "authentication failed")
        } catch {
            throw VaultError.corruptFile(path: path.path, reason: "malformed contents")
        }
    }

    private func store(_ entries: [FileVaultEntry], previous: FileVaultHeader?) throws {
        let key: DerivedKey
        if let previous, previous.parameters.opsLimit >= parameters.opsLimit,
            previous.parameters.memLimit >= parameters.memLimit
        {
            key = try self.key(
                salt: previous.salt, parameters: previous.parameters, creating: false, expectedCheck: previous.keyCheck)
        } else {
            // New vault, or costs below today's: fresh salt, current parameters.
            key = try self.key(
                salt: SecureRandom.bytes(Argon2id.saltLength), parameters: parameters, creating: previous == nil)
        }
        let header = FileVaultHeader(
            parameters: key.parameters, salt: key.salt, nonce: SecureRandom.bytes(XChaCha20Poly1305.nonceLength),
            keyCheck: key.check)
        let associated = header.encoded()
        let sealed = try XChaCha20Poly1305.seal(
            FileVaultPayload.encode(entries), key: key.key, nonce: header.nonce, associatedData: associated)
        try LockedFile.replace(path, with: associated + sealed)
    }
}
