import CompanionCrypto
import CompanionTLS
import CompanionVault

/// The sidecar's TLS key (P-256) in its vault profile, next to its Ed25519 identity: made on first use, kept
/// across restarts (the self-signed certificate is issued again from it at each start, so the pin paired devices
/// stored stays valid).
enum SidecarTLSKey {
    /// Vault item of the key: its 32 raw scalar bytes.
    static let item = "sidecar-tls-key"

    /// The key of `vault`'s profile, made when missing.
    static func loadOrCreate(in vault: any CredentialVault) throws -> TLSServerKey {
        try vault.changeLock.withLock {
            if let stored = try vault.get(item) {
                do { return try TLSServerKey(secret: stored) } catch {
                    throw CLIFailure(
                        .vault, "the sidecar's TLS key in the vault is damaged: \(error)",
                        hint:
                            "remove the vault item \(item) (`companion keys` lists it) to make a new key, then re-pair")
                }
            }
            let key = TLSServerKey.generate()
            try vault.set(item, secret: key.secret, label: "CompanionKit sidecar TLS key (P-256)", kind: .other)
            return key
        }
    }
}
