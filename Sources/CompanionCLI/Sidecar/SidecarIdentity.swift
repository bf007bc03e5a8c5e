import CompanionCrypto
import CompanionPush
import CompanionSidecar
import CompanionTLS
import CompanionVault
import Foundation

/// The sidecar's Ed25519 identity: loaded from (or created in) its own vault profile, `sidecar` by default
/// (`--profile` or `COMPANION_SIDECAR_PROFILE` override it), or a throw-away key with `--ephemeral-identity`.
struct SidecarIdentity {
    static let defaultProfile = "sidecar"

    let keyPair: Ed25519KeyPair
    /// Where the key came from, for the start-up line.
    let origin: String
    /// The audit chain's key (HMAC-SHA-512), kept in the same vault profile; nil for an ephemeral identity.
    var auditKey: SecureBytes?
    /// True when ``auditKey`` was made by this load (the first start with this vault profile).
    var auditKeyIsNew = false
    /// The TLS key (P-256) of the listeners beyond loopback, kept in the same vault profile
    /// (``SidecarTLSKey``); made for this run with an ephemeral identity; nil when no listener serves the
    /// self-signed certificate (loopback only, or the user's own certificate).
    var tlsKey: TLSServerKey?
    /// A rotation of ``tlsKey`` announced and not yet due.
    var tlsRotation: TLSRotation?
    /// The Web Push VAPID key (P-256), kept in the same vault profile (``SidecarVAPIDKey``); made for this run with
    /// an ephemeral identity; nil with push off.
    var vapidKey: VAPIDKey?

    /// The keys this run needs besides the identity and audit key: a key nobody uses is neither made nor read.
    struct Needs {
        /// A listener serves the self-signed certificate of the vault's TLS key.
        var tlsKey: Bool
        /// Web Push is on.
        var vapidKey: Bool
    }

    /// Vault item of the audit key: 32 random bytes, made on first use.
    static let auditKeyItem = "sidecar-audit-key"

    /// Loads the identity and the keys `needs` names from the vault, reading all of them in one batch
    /// (``PrefetchedVault``: on the Secret Service a search per item and one transfer for all, instead of a search
    /// and a transfer per item); a key missing on a first start is made and stored.
    static func load(vault options: VaultOptions, ephemeral: Bool, needs: Needs) throws -> SidecarIdentity {
        if ephemeral {
            return SidecarIdentity(
                keyPair: .generate(), origin: "ephemeral, this run only",
                tlsKey: needs.tlsKey ? .generate() : nil, vapidKey: needs.vapidKey ? .generate() : nil)
        }
        var options = options
        options.profile =
            CLISettings.checked.resolve(
                .sidecarProfile, option: options.profile, optionName: "--profile", default: defaultProfile
            ).value
        do {
            let batch = try options.open(prefetching: itemNames(needs))
            // A key to make (a first start): the loaders then read under the vault's change lock, live, so that two
            // first starts sharing a profile do not each make their own from a read taken before it.
            let live: (any CredentialVault)? = (batch as? PrefetchedVault).flatMap {
                $0.missing.isEmpty ? nil : $0.inner
            }
            let vault = live ?? batch
            let (keyPair, created) = try DeviceIdentityStore(vault: vault).loadOrCreate()
            let profile = options.profileName
            let existing = try auditKey(in: vault, create: false)
            var identity = SidecarIdentity(
                keyPair: keyPair, origin: created ? "created in vault profile \(profile)" : "vault profile \(profile)",
                auditKey: try existing ?? auditKey(in: vault, create: true), auditKeyIsNew: existing == nil)
            if needs.tlsKey { (identity.tlsKey, identity.tlsRotation) = try SidecarTLSKey.load(in: vault) }
            if needs.vapidKey { identity.vapidKey = try SidecarVAPIDKey.load(in: vault) }
            return identity
        } catch let failure as CLIFailure {
            throw CLIFailure(
                failure.status, "cannot load the sidecar identity: \(failure.message)",
                hint: (failure.hint.map { $0 + "; " } ?? "")
                    + "or run with --ephemeral-identity (companions then cannot pin this sidecar across restarts)")
        } catch let error as VaultError {
            throw CLIFailure(
                .vault, "cannot load the sidecar identity: \(error.message)",
                hint: "\(error.hint); or run with --ephemeral-identity")
        }
    }
}

extension SidecarIdentity {
    /// The vault items a load with `needs` reads.
    static func itemNames(_ needs: Needs) -> [String] {
        [DeviceIdentityStore.itemName, auditKeyItem]
            + (needs.tlsKey ? [SidecarTLSKey.item, SidecarTLSKey.nextItem, SidecarTLSKey.switchItem] : [])
            + (needs.vapidKey ? [SidecarVAPIDKey.item] : [])
    }

    /// The audit key of `vault`'s profile, made (32 random bytes) when missing and `create`.
    static func auditKey(in vault: any CredentialVault, create: Bool) throws -> SecureBytes? {
        try vault.changeLock.withLock {
            if let existing = try vault.get(auditKeyItem) { return existing }
            guard create else { return nil }
            let key = SecureBytes(SecureRandom.bytes(32))
            try vault.set(auditKeyItem, secret: key, label: "CompanionKit sidecar audit key", kind: .other)
            return key
        }
    }

    /// The audit key of the sidecar's default profile (`COMPANION_SIDECAR_PROFILE`, else `sidecar`), for owner
    /// commands that open the registry while no sidecar runs; nil when the vault cannot be opened or has none.
    static func ownerAuditKey() -> SecureBytes? {
        guard let vault = try? ownerVault() else { return nil }
        return (try? auditKey(in: vault, create: false)) ?? nil
    }

    /// The vault of the sidecar's default profile (`COMPANION_SIDECAR_PROFILE`, else `sidecar`).
    static func ownerVault() throws -> any CredentialVault {
        let profile = CLISettings.checked.resolve(.sidecarProfile, default: defaultProfile).value
        return try VaultSelection(profile: profile).open()
    }
}
