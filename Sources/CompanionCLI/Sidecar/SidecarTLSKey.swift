import CompanionAPI
import CompanionCrypto
import CompanionSidecar
import CompanionTLS
import CompanionVault
import Foundation

/// The sidecar's TLS key (P-256) in its vault profile, next to its Ed25519 identity: made on first use, kept
/// across restarts (the self-signed certificate is issued again from it at each start, so the pin paired devices
/// stored stays valid). A rotation (`companion sidecar tls rotate`) keeps the next key beside it with its switch
/// time; once that time has passed, the next start makes it the key.
enum SidecarTLSKey {
    /// Vault item of the key: its 32 raw scalar bytes.
    static let item = "sidecar-tls-key"
    /// Vault item of the announced next key.
    static let nextItem = "sidecar-tls-next-key"
    /// Vault item of the next key's switch time (ISO 8601 text).
    static let switchItem = "sidecar-tls-next-switch-at"

    /// The key of `vault`'s profile (made when missing) and the rotation still to come, if any; a rotation whose
    /// time has passed is completed first (the next key becomes the key).
    static func load(in vault: any CredentialVault, now: Date = Date()) throws -> (TLSServerKey, TLSRotation?) {
        try vault.changeLock.withLock {
            if let rotation = try rotation(in: vault) {
                guard rotation.switchAt <= now else { return (try key(in: vault), rotation) }
                try vault.set(item, secret: rotation.next.secret, label: label, kind: .other)
                try vault.remove(nextItem)
                try vault.remove(switchItem)
                return (rotation.next, nil)
            }
            return (try key(in: vault), nil)
        }
    }

    /// Keeps `rotation` in `vault`, replacing one announced before.
    static func store(_ rotation: TLSRotation, in vault: any CredentialVault) throws {
        try vault.changeLock.withLock {
            try vault.set(
                nextItem, secret: rotation.next.secret, label: "CompanionKit sidecar next TLS key", kind: .other)
            let time = SecureBytes(Array(Timestamp.string(from: rotation.switchAt).utf8))
            try vault.set(switchItem, secret: time, label: "CompanionKit sidecar TLS key switch time", kind: .other)
        }
    }

    private static let label = "CompanionKit sidecar TLS key (P-256)"

    private static func key(in vault: any CredentialVault) throws -> TLSServerKey {
        if let stored = try vault.get(item) { return try decode(stored, item: item) }
        let key = TLSServerKey.generate()
        try vault.set(item, secret: key.secret, label: label, kind: .other)
        return key
    }

    private static func rotation(in vault: any CredentialVault) throws -> TLSRotation? {
        guard let next = try vault.get(nextItem), let time = try vault.get(switchItem) else { return nil }
        let text = TLSServerKey.storedText(time)
        guard let switchAt = Timestamp.date(from: text) else { return nil }
        return TLSRotation(next: try decode(next, item: nextItem), switchAt: switchAt)
    }

    private static func decode(_ stored: SecureBytes, item: String) throws -> TLSServerKey {
        do { return try TLSServerKey(secret: stored) } catch {
            throw CLIFailure(
                .vault, "the sidecar's TLS key in the vault item \(item) is damaged: \(error)",
                hint: "remove that vault item to make a new key, then re-pair the devices")
        }
    }
}
