import CompanionAPI
import CompanionCrypto
import CompanionPairing
import CompanionVault
import Foundation

/// This companion's stored state, in the vault: the sidecar URL (`sidecar-url`), the pairing record
/// (`pairing`, JSON) and the device identity (`identity`, through ``DeviceIdentityStore``).
struct ClientState {
    static let urlItem = "sidecar-url"
    static let pairingItem = "pairing"

    let vault: any CredentialVault

    /// The stored sidecar base URL, if any.
    func sidecarURL() throws -> String? {
        try guarded { try vault.get(Self.urlItem).map { $0.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } } }
    }

    /// Stores the sidecar base URL.
    func saveSidecarURL(_ url: String) throws {
        try guarded {
            try vault.set(
                Self.urlItem, secret: SecureBytes(Array(url.utf8)), label: "CompanionKit sidecar URL", kind: .sidecarURL
            )
        }
    }

    /// The pairing record, if this companion is paired. An unreadable record counts as not paired, with a warning.
    func pairing() throws -> PairingRecord? {
        guard let bytes = try guarded({ try vault.get(Self.pairingItem) }) else { return nil }
        let data = bytes.withUnsafeBytes { Data($0) }
        guard let record = try? CompanionJSON.decode(PairingRecord.self, from: data) else {
            Terminal.printWarning("the stored pairing record is unreadable; treating this companion as not paired")
            return nil
        }
        return record
    }

    /// Stores the pairing record.
    func savePairing(_ record: PairingRecord) throws {
        let data = try CompanionJSON.encode(record)
        try guarded {
            try vault.set(
                Self.pairingItem, secret: SecureBytes(Array(data)), label: "CompanionKit pairing", kind: .pairing)
        }
    }

    /// Forgets the pairing (the identity key stays).
    func clearPairing() throws {
        try guarded { try vault.remove(Self.pairingItem) }
    }

    /// This device's identity keypair, created and stored on first use.
    func identity() throws -> (Ed25519KeyPair, created: Bool) {
        try guarded { try DeviceIdentityStore(vault: vault).loadOrCreate() }
    }

    /// This device's identity keypair if one was created, without creating it.
    func storedIdentity() throws -> Ed25519KeyPair? {
        try guarded { try DeviceIdentityStore(vault: vault).load() }
    }

    /// Runs a vault operation; failures that do not present themselves become a one-line vault error.
    private func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as CLIFailure {
            throw failure
        } catch let convertible as any CLIFailureConvertible {
            throw convertible.cliFailure
        } catch {
            throw CLIFailure(
                .vault, "the vault failed: \(error)",
                hint: "check that the keyring is unlocked, or use --vault file (see companion --help)")
        }
    }
}
