import CompanionAPI
import CompanionCrypto
import CompanionPairing
import CompanionVault
import Foundation

/// What a companion keeps in its vault: the sidecar URL (item `sidecar-url`), the pairing record (`pairing`,
/// JSON), the device identity (`identity`, through `DeviceIdentityStore`) and the task API key (`api-key`).
///
/// Every failure is a ``CompanionError`` of kind ``CompanionError/Kind/vault`` (or `invalidInput`).
public struct CompanionStore: Sendable {
    /// Vault item holding the sidecar base URL.
    public static let urlItem = "sidecar-url"
    /// Vault item holding the pairing record.
    public static let pairingItem = "pairing"
    /// Vault item holding the task endpoints' API key.
    public static let apiKeyItem = "api-key"

    /// The vault the items live in.
    public let vault: any CredentialVault

    public init(vault: any CredentialVault) { self.vault = vault }

    /// The stored sidecar base URL, if any.
    public func sidecarURL() throws(CompanionError) -> String? {
        try guarded { try vault.get(Self.urlItem).map { $0.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } } }
    }

    /// Stores the sidecar base URL.
    public func saveSidecarURL(_ url: String) throws(CompanionError) {
        try guarded {
            try vault.set(
                Self.urlItem, secret: SecureBytes(Array(url.utf8)), label: "CompanionKit sidecar URL", kind: .sidecarURL
            )
        }
    }

    /// The pairing record, if this companion is paired. An unreadable record counts as not paired:
    /// ``pairingRecordUnreadable()`` tells.
    public func pairing() throws(CompanionError) -> PairingRecord? {
        guard let bytes = try guarded({ try vault.get(Self.pairingItem) }) else { return nil }
        return try? CompanionJSON.decode(PairingRecord.self, from: bytes.withUnsafeBytes { Data($0) })
    }

    /// True when a pairing record is stored but cannot be read (the companion then counts as not paired).
    public func pairingRecordUnreadable() throws(CompanionError) -> Bool {
        guard let bytes = try guarded({ try vault.get(Self.pairingItem) }) else { return false }
        return (try? CompanionJSON.decode(PairingRecord.self, from: bytes.withUnsafeBytes { Data($0) })) == nil
    }

    /// Stores the pairing record.
    public func savePairing(_ record: PairingRecord) throws(CompanionError) {
        let data: Data
        do { data = try CompanionJSON.encode(record) } catch {
            throw CompanionError(.failure, "the pairing record could not be encoded")
        }
        try guarded {
            try vault.set(
                Self.pairingItem, secret: SecureBytes(Array(data)), label: "CompanionKit pairing", kind: .pairing)
        }
    }

    /// Forgets the pairing (the identity key stays).
    public func clearPairing() throws(CompanionError) {
        try guarded { try vault.remove(Self.pairingItem) }
    }

    /// This device's identity keypair, created and stored on first use.
    public func identity() throws(CompanionError) -> (Ed25519KeyPair, created: Bool) {
        try guarded { try DeviceIdentityStore(vault: vault).loadOrCreate() }
    }

    /// This device's identity keypair if one was created, without creating it.
    public func storedIdentity() throws(CompanionError) -> Ed25519KeyPair? {
        try guarded { try DeviceIdentityStore(vault: vault).load() }
    }

    /// The stored task API key (its first line), if any.
    public func apiKey() throws(CompanionError) -> String? {
        guard let bytes = try guarded({ try vault.get(Self.apiKeyItem) }) else { return nil }
        return bytes.withUnsafeBytes { Self.firstLine(Data($0)) }
    }

    /// Stores the task API key.
    public func saveAPIKey(_ key: String) throws(CompanionError) {
        try guarded {
            try vault.set(
                Self.apiKeyItem, secret: SecureBytes(Array(key.utf8)), label: "CompanionKit sidecar API key",
                kind: .apiKey)
        }
    }

    /// Forgets the task API key.
    public func clearAPIKey() throws(CompanionError) {
        try guarded { try vault.remove(Self.apiKeyItem) }
    }

    /// The first line of `data`, trimmed; nil when empty.
    public static func firstLine(_ data: Data) -> String? {
        let line = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        let key = line.trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : key
    }

    /// Runs a vault operation; every failure becomes a ``CompanionError``.
    private func guarded<T>(_ body: () throws -> T) throws(CompanionError) -> T {
        do {
            return try body()
        } catch let error as CompanionError {
            throw error
        } catch let error as VaultError {
            throw CompanionError.from(error)
        } catch {
            throw CompanionError(
                .vault, "the vault failed: \(error)",
                hint: "check that the keyring is unlocked, or use --vault file (see companion --help)")
        }
    }
}
