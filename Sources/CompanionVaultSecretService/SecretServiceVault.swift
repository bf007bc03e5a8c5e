import CSecret
import CompanionCrypto
import CompanionVault
import Foundation

/// Credentials in the freedesktop Secret Service (gnome-keyring, KWallet) through libsecret, under the
/// documented ``CredentialSchema``. Uses only libsecret's non-variadic (`…v`) API.
public final class SecretServiceVault: InspectableVault, @unchecked Sendable {
    public let profile: VaultProfile
    /// The read path spoken directly over D-Bus; nil when the service does not offer the encrypted transfer, the
    /// bus could not be reached that way, or the path failed once (libsecret then does everything, and reports
    /// what is wrong). Guarded by ``SecretServiceConnection/lock``.
    var bus: SecretServiceBus?
    /// libsecret's connection, made on first use: writes, item metadata, unlocking, the audit.
    private var libsecretConnection: SecretServiceConnection?
    /// True once the default collection was found unlocked (guarded by ``SecretServiceConnection/lock``).
    var defaultCollectionUsable = false

    /// Connects to the session bus's Secret Service and opens an encrypted transfer session. Throws
    /// ``VaultError/secretServiceUnavailable(_:detail:)`` when there is no bus or no daemon; no default keyring, or
    /// a locked one, is reported by the first write, or by the first read that finds a locked item (a read never
    /// prompts without a desktop).
    public init(profile: VaultProfile) throws {
        SecretServiceConnection.lock.lock()
        defer { SecretServiceConnection.lock.unlock() }
        self.profile = profile
        do {
            bus = try SecretServiceBus.open(environment: ProcessInfo.processInfo.environment)
        } catch .timedOut {
            throw SecretServiceBusError.timedOut.vaultError(operation: "connection")
        } catch {
            // Anything else unusual (another transport, a refusal): libsecret connects, or says what is wrong.
            bus = nil
        }
        if bus == nil { libsecretConnection = try SecretServiceConnection() }
    }

    /// libsecret's connection, connected on first use. Call inside ``serialized(_:)``.
    func connection() throws -> SecretServiceConnection {
        if let libsecretConnection { return libsecretConnection }
        let connection = try SecretServiceConnection()
        libsecretConnection = connection
        return connection
    }

    /// Serialises read → decide → write sequences of every process on this profile's items:
    /// `secret-service.lock` in the profile's ``VaultProfile/stateDirectory``: one path whatever the environment,
    /// so a process started without `XDG_RUNTIME_DIR` (cron, ssh without a session) still excludes one with it.
    public var changeLock: VaultChangeLock {
        VaultChangeLock(path: profile.stateDirectory.appendingPathComponent("secret-service.lock"))
    }

    public func set(_ name: String, secret: SecureBytes, label: String, kind: VaultItemKind) throws {
        try VaultItemName.validate(name)
        try serialized {
            try ensureDefaultCollectionUsable()
            var attributes = CredentialSchema.attributes(profile: profile, name: name)
            attributes[CredentialSchema.Attribute.kind] = kind.rawValue
            // secret_value_new copies the bytes into libsecret's non-pageable memory.
            let empty: [CChar] = [0]
            let value = secret.withUnsafeBytes { raw in
                empty.withUnsafeBufferPointer { fallback in
                    let bytes = raw.baseAddress?.assumingMemoryBound(to: CChar.self) ?? fallback.baseAddress!
                    return libsecret.secret_value_new(bytes, raw.count, CredentialSchema.contentType)!
                }
            }
            defer { libsecret.secret_value_unref(UnsafeMutableRawPointer(value)) }
            let existing = try search(CredentialSchema.attributes(profile: profile, name: name))
            if let item = existing.first {
                // Update in place: the keyring keeps the creation time and bumps the modification time.
                try call("store") { libsecret.secret_item_set_secret_sync(item.pointer, value, nil, $0) }
                if item.label != label {
                    try call("relabel") { libsecret.secret_item_set_label_sync(item.pointer, label, nil, $0) }
                }
                if item.attribute(CredentialSchema.Attribute.kind) != kind.rawValue {
                    let table = GLibValues.stringTable(attributes)
                    defer { libsecret.g_hash_table_unref(table) }
                    let schema = try connection().schema
                    try call("update") {
                        libsecret.secret_item_set_attributes_sync(item.pointer, schema, table, nil, $0)
                    }
                }
                for duplicate in existing.dropFirst() {
                    try call("remove") { libsecret.secret_item_delete_sync(duplicate.pointer, nil, $0) }
                }
            } else {
                let table = GLibValues.stringTable(attributes)
                defer { libsecret.g_hash_table_unref(table) }
                let (service, schema) = (try connection().service, try connection().schema)
                try call("store") {
                    libsecret.secret_service_store_sync(service, schema, table, "default", label, value, nil, $0)
                }
            }
        }
    }

    /// SearchItems then GetSecrets for the first unlocked item's path, on this connection's session: the round
    /// trips of `secret-tool lookup`, with no item proxy. Only locked matches: the default collection is unlocked
    /// through ``SecretServiceConnection/ensureDefaultCollectionUnlocked()`` (which refuses without a desktop)
    /// and the search repeated.
    public func get(_ name: String) throws -> SecureBytes? {
        try VaultItemName.validate(name)
        return try serialized {
            let attributes = CredentialSchema.attributes(profile: profile, name: name)
            var (unlocked, locked) = try searchPaths(attributes)
            if unlocked.isEmpty, !locked.isEmpty {
                defaultCollectionUsable = false
                try ensureDefaultCollectionUsable()
                (unlocked, locked) = try searchPaths(attributes)
            }
            guard let path = unlocked.first else {
                if locked.isEmpty { return nil }
                throw VaultError.secretServiceUnavailable(.locked, detail: "the item \"\(name)\" is locked")
            }
            return try secrets(at: [name: path])[name]
        }
    }

    public func remove(_ name: String) throws {
        try VaultItemName.validate(name)
        try serialized {
            try ensureDefaultCollectionUsable()
            let table = GLibValues.stringTable(CredentialSchema.attributes(profile: profile, name: name))
            defer { libsecret.g_hash_table_unref(table) }
            // Returns FALSE without an error when nothing matched: removing is idempotent.
            let schema = try connection().schema
            _ = try call("remove") { libsecret.secret_password_clearv_sync(schema, table, nil, $0) }
        }
    }

    public func list() throws -> [VaultItemMetadata] {
        try serialized {
            try search(CredentialSchema.attributes(profile: profile)).compactMap { item in
                guard let name = item.attribute(CredentialSchema.Attribute.name) else { return nil }
                let kind = item.attribute(CredentialSchema.Attribute.kind).flatMap(VaultItemKind.init) ?? .other
                return VaultItemMetadata(
                    name: name, label: item.label, kind: kind, created: item.created, modified: item.modified)
            }.sorted { $0.name < $1.name }
        }
    }

    /// Checks the default collection once per vault, before the first write (and again after a read found a
    /// locked item). Call inside ``serialized(_:)``.
    func ensureDefaultCollectionUsable() throws {
        guard !defaultCollectionUsable else { return }
        try connection().ensureDefaultCollectionUnlocked()
        defaultCollectionUsable = true
    }

    @discardableResult
    func call<T>(_ operation: String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws -> T {
        do {
            return try GLibError.check(body)
        } catch let error as GLibError {
            throw VaultError.secretService(operation: operation, detail: error.message)
        }
    }

    func serialized<T>(_ body: () throws -> T) throws -> T {
        SecretServiceConnection.lock.lock()
        defer { SecretServiceConnection.lock.unlock() }
        return try body()
    }
}
