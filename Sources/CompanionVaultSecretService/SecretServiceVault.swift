import CSecret
import CompanionCrypto
import CompanionVault
import Foundation

/// Credentials in the freedesktop Secret Service (gnome-keyring, KWallet) through libsecret, under the
/// documented ``CredentialSchema``. Uses only libsecret's non-variadic (`…v`) API.
public final class SecretServiceVault: InspectableVault, @unchecked Sendable {
    public let profile: VaultProfile
    let connection: SecretServiceConnection
    let schema: UnsafeMutablePointer<SecretSchema>

    /// Connects to the session bus's Secret Service. Throws ``VaultError/secretServiceUnavailable(_:detail:)``
    /// when there is no bus, no daemon, no default keyring, or a locked one.
    public init(profile: VaultProfile) throws {
        SecretServiceConnection.lock.lock()
        defer { SecretServiceConnection.lock.unlock() }
        self.profile = profile
        connection = try SecretServiceConnection()
        schema = CredentialSchema.make()
    }

    deinit { secret_schema_unref(schema) }

    /// Serialises read → decide → write sequences of every process on this profile's items:
    /// `secret-service.lock` in the profile's ``VaultProfile/stateDirectory``: one path whatever the environment,
    /// so a process started without `XDG_RUNTIME_DIR` (cron, ssh without a session) still excludes one with it.
    public var changeLock: VaultChangeLock {
        VaultChangeLock(path: profile.stateDirectory.appendingPathComponent("secret-service.lock"))
    }

    public func set(_ name: String, secret: SecureBytes, label: String, kind: VaultItemKind) throws {
        try VaultItemName.validate(name)
        try serialized {
            var attributes = CredentialSchema.attributes(profile: profile, name: name)
            attributes[CredentialSchema.Attribute.kind] = kind.rawValue
            // secret_value_new copies the bytes into libsecret's non-pageable memory.
            let empty: [CChar] = [0]
            let value = secret.withUnsafeBytes { raw in
                empty.withUnsafeBufferPointer { fallback in
                    let bytes = raw.baseAddress?.assumingMemoryBound(to: CChar.self) ?? fallback.baseAddress!
                    return secret_value_new(bytes, raw.count, CredentialSchema.contentType)!
                }
            }
            defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
            let existing = try search(CredentialSchema.attributes(profile: profile, name: name), loadSecrets: false)
            if let item = existing.first {
                // Update in place: the keyring keeps the creation time and bumps the modification time.
                try call("store") { secret_item_set_secret_sync(item.pointer, value, nil, $0) }
                if item.label != label {
                    try call("relabel") { secret_item_set_label_sync(item.pointer, label, nil, $0) }
                }
                if item.attribute(CredentialSchema.Attribute.kind) != kind.rawValue {
                    let table = GLibValues.stringTable(attributes)
                    defer { g_hash_table_unref(table) }
                    try call("update") { secret_item_set_attributes_sync(item.pointer, schema, table, nil, $0) }
                }
                for duplicate in existing.dropFirst() {
                    try call("remove") { secret_item_delete_sync(duplicate.pointer, nil, $0) }
                }
            } else {
                let table = GLibValues.stringTable(attributes)
                defer { g_hash_table_unref(table) }
                try call("store") {
                    secret_service_store_sync(connection.service, schema, table, "default", label, value, nil, $0)
                }
            }
        }
    }

    public func get(_ name: String) throws -> SecureBytes? {
        try VaultItemName.validate(name)
        return try serialized {
            let table = GLibValues.stringTable(CredentialSchema.attributes(profile: profile, name: name))
            defer { g_hash_table_unref(table) }
            // SearchItems + GetSecrets by path: no item proxies, so as few D-Bus round trips as secret-tool.
            guard let value = try call("lookup", { secret_password_lookupv_binary_sync(schema, table, nil, $0) })
            else { return nil }
            defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
            var length = 0
            guard let bytes = secret_value_get(value, &length) else { return SecureBytes([]) }
            let secret = SecureBytes(count: length)
            secret.withUnsafeMutableBytes { out in
                if length > 0 { out.baseAddress!.copyMemory(from: bytes, byteCount: length) }
            }
            return secret
        }
    }

    public func remove(_ name: String) throws {
        try VaultItemName.validate(name)
        try serialized {
            let table = GLibValues.stringTable(CredentialSchema.attributes(profile: profile, name: name))
            defer { g_hash_table_unref(table) }
            // Returns FALSE without an error when nothing matched: removing is idempotent.
            _ = try call("remove") { secret_password_clearv_sync(schema, table, nil, $0) }
        }
    }

    public func list() throws -> [VaultItemMetadata] {
        try serialized {
            try search(CredentialSchema.attributes(profile: profile), loadSecrets: false).compactMap { item in
                guard let name = item.attribute(CredentialSchema.Attribute.name) else { return nil }
                let kind = item.attribute(CredentialSchema.Attribute.kind).flatMap(VaultItemKind.init) ?? .other
                return VaultItemMetadata(
                    name: name, label: item.label, kind: kind, created: item.created, modified: item.modified)
            }.sorted { $0.name < $1.name }
        }
    }

    /// The items matching `attributes`, newest modification first.
    func search(_ attributes: [String: String], loadSecrets: Bool) throws -> [SecretItemHandle] {
        let table = GLibValues.stringTable(attributes)
        defer { g_hash_table_unref(table) }
        var flags = SECRET_SEARCH_ALL.rawValue
        if loadSecrets { flags |= SECRET_SEARCH_LOAD_SECRETS.rawValue }
        let list = try call("search") {
            secret_service_search_sync(connection.service, schema, table, SecretSearchFlags(rawValue: flags), nil, $0)
        }
        defer { g_list_free(list) }
        // The list owns one reference per item; the handles take them over.
        return GLibValues.elements(list).map { SecretItemHandle(adopting: $0) }.sorted { $0.modified > $1.modified }
    }

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
