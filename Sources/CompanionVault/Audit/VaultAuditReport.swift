import CompanionCrypto
import Foundation

/// A vault's audit (`companion keys audit`): every item with its metadata and location, the backend's facts,
/// the retired identities, and warnings (old keys, locked items, a plaintext session, loose file permissions,
/// weak key-derivation costs, plaintext copies of the identity key in CompanionKit's directories). Contains no
/// secret material.
public struct VaultAuditReport: Encodable, Sendable {
    /// One stored item, without its secret.
    public struct Item: Encodable, Sendable {
        public var name: String
        public var label: String
        public var kind: String
        public var algorithm: String?
        public var fingerprint: String?
        public var created: Date
        public var modified: Date
        public var lastUsed: Date?
        public var backend: String
        public var collection: String
        public var objectPath: String?
        public var locked: Bool
    }

    public var profile: String
    public var backend: String
    public var items: [Item]
    public var vault: VaultReport
    public var retiredIdentities: [RetiredIdentity]
    public var rotationAgeDays: Int
    public var warnings: [String]

    /// Builds the report. Reads go through the untracked inner vault so the audit does not count as use.
    public static func build(vault tracked: UsageTrackingVault, profile: String, rotationAgeDays: Int) throws
        -> VaultAuditReport
    {
        let vault = tracked.inner
        let facts = try vault.report()
        let backend = tracked.backend.rawValue
        let lastUsed = tracked.usage.entries()[backend] ?? [:]
        var items: [Item] = []
        var warnings: [String] = []
        var identitySecret: SecureBytes?
        for meta in try vault.list() {
            let location = facts.locations[meta.name]
            var item = Item(
                name: meta.name, label: meta.label, kind: meta.kind.rawValue, algorithm: nil, fingerprint: nil,
                created: meta.created, modified: meta.modified, lastUsed: lastUsed[meta.name], backend: backend,
                collection: location?.container ?? "?", objectPath: location?.objectPath,
                locked: location?.locked ?? false)
            if meta.kind == .identityKey, !item.locked, let secret = try vault.get(meta.name) {
                item.algorithm = "ed25519"
                if let pair = try? Ed25519KeyPair(secretKey: secret) {
                    item.fingerprint = pair.publicKey.fingerprint.description
                    if meta.name == DeviceIdentityStore.itemName { identitySecret = secret }
                } else {
                    warnings.append("item \"\(meta.name)\" is not a valid Ed25519 secret key")
                }
                let age = Date().timeIntervalSince(meta.created) / 86400
                if age > Double(rotationAgeDays) {
                    warnings.append(
                        "key \"\(meta.name)\" is \(Int(age)) days old (rotation age \(rotationAgeDays)): "
                            + "run `companion keys init --rotate`")
                }
            }
            if item.locked { warnings.append("item \"\(meta.name)\" is locked") }
            items.append(item)
        }
        warnings += backendWarnings(facts)
        if let identitySecret {
            let dirs = [tracked.usage.path.deletingLastPathComponent()] + PlaintextScan.companionDirectories(profile)
            for hit in PlaintextScan.find(identitySecret, under: dirs, excluding: facts.file?.path) {
                warnings.append("plaintext copy of the identity secret key found in \(hit)")
            }
        }
        let history = (try? DeviceIdentityStore(vault: vault).history()) ?? []
        return VaultAuditReport(
            profile: profile, backend: backend, items: items, vault: facts, retiredIdentities: history,
            rotationAgeDays: rotationAgeDays, warnings: warnings)
    }

    private static func backendWarnings(_ facts: VaultReport) -> [String] {
        var warnings: [String] = []
        if facts.sessionAlgorithm == "plain" {
            warnings.append("the Secret Service session is \"plain\": secrets cross D-Bus unencrypted")
        }
        if facts.defaultCollectionLocked == true { warnings.append("the default keyring is locked") }
        if ProcessInfo.processInfo.environment[PassphraseSource.environmentVariable] != nil {
            warnings.append(
                "\(PassphraseSource.environmentVariable) is set: the passphrase is in plaintext in this "
                    + "process environment (fine for automation, avoid in interactive shells)")
        }
        guard let file = facts.file, file.exists else { return warnings }
        if let mode = file.fileMode, mode & 0o077 != 0 {
            warnings.append(
                "vault file permissions are \(Self.octal(mode)), expected 0600: chmod 600 \(file.path)")
        }
        if let mode = file.directoryMode, mode & 0o077 != 0 {
            let dir = (file.path as NSString).deletingLastPathComponent
            warnings.append(
                "vault directory permissions are \(Self.octal(mode)), expected 0700: chmod 700 \(dir)")
        }
        if !file.ownedByUser { warnings.append("the vault file or its directory belongs to another user") }
        if let kdf = file.kdfParameters,
            kdf.opsLimit < FileVault.defaultParameters.opsLimit
                || kdf.memLimit < FileVault.defaultParameters.memLimit
        {
            warnings.append(
                "the vault's key-derivation costs (\(kdf)) are below today's default; the next write raises them")
        }
        return warnings
    }

    /// `0600` for a permission mode.
    public static func octal(_ mode: UInt16) -> String {
        let octal = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - octal.count)) + octal
    }
}
