import CompanionCrypto
import Foundation

/// A public key this device used before a rotation. Not secret; kept in the vault for integrity.
public struct RetiredIdentity: Codable, Sendable, Equatable {
    /// `SHA256:<base64>` of the retired public key.
    public var fingerprint: String
    /// The retired public key, base64.
    public var publicKey: String
    /// When the retired key had been created, as the vault recorded it.
    public var created: Date?
    /// When it was replaced.
    public var retired: Date
}

/// The device's Ed25519 identity in a vault (item `identity`, kind `identity-key`, the 64-byte libsodium
/// secret key) and the record of retired fingerprints (item `identity-history`, JSON).
public struct DeviceIdentityStore: Sendable {
    public static let itemName = "identity"
    public static let historyItemName = "identity-history"

    public let vault: any CredentialVault

    public init(vault: any CredentialVault) { self.vault = vault }

    /// The stored keypair, or nil when there is none. Throws ``VaultError/malformedItem(name:reason:)``
    /// when the item is not a valid key.
    public func load() throws -> Ed25519KeyPair? {
        guard let secret = try vault.get(Self.itemName) else { return nil }
        return try Self.keyPair(secret)
    }

    /// The stored keypair and when the vault says it was created, in one vault read
    /// (``CredentialVault/item(_:)``), or nil when there is none.
    public func loadWithCreationDate() throws -> (pair: Ed25519KeyPair, created: Date)? {
        guard let item = try vault.item(Self.itemName) else { return nil }
        return (try Self.keyPair(item.secret), item.metadata.created)
    }

    private static func keyPair(_ secret: SecureBytes) throws -> Ed25519KeyPair {
        do {
            return try Ed25519KeyPair(secretKey: secret)
        } catch {
            throw VaultError.malformedItem(name: Self.itemName, reason: "not a 64-byte Ed25519 secret key (\(error))")
        }
    }

    /// The stored keypair, creating and storing one if there is none. Idempotent, and atomic across processes:
    /// the check and the creation run under the vault's ``CredentialVault/changeLock``, so of several processes
    /// starting on an empty vault exactly one creates the key and the others load it.
    public func loadOrCreate() throws -> (Ed25519KeyPair, created: Bool) {
        try vault.changeLock.withLock {
            if let existing = try load() { return (existing, false) }
            let pair = Ed25519KeyPair.generate()
            try store(pair)
            return (pair, true)
        }
    }

    /// Replaces the identity with a new keypair. The old fingerprint is recorded in the history first; then
    /// the old item is removed and the new one stored, so the new key gets its own creation time. An
    /// interruption can at worst leave no identity (the next `loadOrCreate` makes one) with the old
    /// fingerprint already recorded; it never leaves a mixed or corrupted key.
    ///
    /// The whole rotation runs under the vault's ``CredentialVault/changeLock``: concurrent rotations take turns,
    /// each retires the key the previous one stored, and every replaced key is in the history.
    public func rotate() throws -> (new: Ed25519KeyPair, retired: RetiredIdentity?) {
        try vault.changeLock.withLock { try rotateHoldingLock() }
    }

    private func rotateHoldingLock() throws -> (new: Ed25519KeyPair, retired: RetiredIdentity?) {
        var retired: RetiredIdentity?
        if let old = try load() {
            let created = try vault.list().first { $0.name == Self.itemName }?.created
            let entry = RetiredIdentity(
                fingerprint: old.publicKey.fingerprint.description, publicKey: old.publicKey.base64, created: created,
                retired: Date())
            try saveHistory(try history() + [entry])
            retired = entry
            try vault.remove(Self.itemName)
        }
        let pair = Ed25519KeyPair.generate()
        try store(pair)
        return (pair, retired)
    }

    /// Retired identities, oldest first.
    public func history() throws -> [RetiredIdentity] {
        guard let secret = try vault.get(Self.historyItemName) else { return [] }
        let data = secret.withUnsafeBytes { Data($0) }
        do {
            return try Self.decoder.decode([RetiredIdentity].self, from: data)
        } catch {
            throw VaultError.malformedItem(name: Self.historyItemName, reason: "not a JSON list of fingerprints")
        }
    }

    private func store(_ pair: Ed25519KeyPair) throws {
        try vault.set(
            Self.itemName, secret: pair.secretKey, label: "CompanionKit device identity (Ed25519)", kind: .identityKey)
    }

    private func saveHistory(_ entries: [RetiredIdentity]) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        try vault.set(
            Self.historyItemName, secret: SecureBytes(Array(try encoder.encode(entries))),
            label: "CompanionKit retired identity fingerprints", kind: .other)
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
