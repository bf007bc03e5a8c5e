import CompanionCrypto
import CompanionPush
import CompanionVault

/// The sidecar's VAPID key (P-256, RFC 8292) in its vault profile, next to its identity and TLS key: made on first
/// use and kept, since every Web Push subscription a phone made names its public key.
enum SidecarVAPIDKey {
    /// Vault item of the key: its 32 raw scalar bytes.
    static let item = "sidecar-vapid-key"

    /// The key of `vault`'s profile, made when missing.
    static func load(in vault: any CredentialVault) throws -> VAPIDKey {
        try vault.changeLock.withLock {
            if let stored = try vault.get(item) {
                do { return try VAPIDKey(secret: stored) } catch {
                    throw CLIFailure(
                        .vault, "the sidecar's VAPID key in the vault item \(item) is damaged: \(error)",
                        hint: "remove that vault item to make a new key; phones then subscribe to push again")
                }
            }
            let key = VAPIDKey.generate()
            try vault.set(item, secret: key.secret, label: "CompanionKit sidecar VAPID key (P-256)", kind: .other)
            return key
        }
    }
}
