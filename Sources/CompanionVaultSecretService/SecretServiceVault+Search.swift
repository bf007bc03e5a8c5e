import CSecret
import CompanionCrypto
import Foundation

/// Finding items: object paths only (SearchItems, as `secret-tool lookup` does), or item handles with their
/// metadata; and copying a secret value out of libsecret.
extension SecretServiceVault {
    /// The object paths of the unlocked and the locked items matching `attributes` (SearchItems, no proxies).
    func searchPaths(_ attributes: [String: String]) throws -> (unlocked: [String], locked: [String]) {
        try searchPaths([attributes])[0]
    }

    /// ``searchPaths(_:)`` for several attribute sets: one batch of SearchItems on the direct path.
    func searchPaths(_ queries: [[String: String]]) throws -> [(unlocked: [String], locked: [String])] {
        // libsecret sets the schema's name on a search with a schema; so does this path, to find the same items.
        let withSchema = queries.map { $0.merging([CredentialSchema.schemaAttribute: CredentialSchema.name]) { $1 } }
        return try direct(
            "search", { bus throws(SecretServiceBusError) in try bus.search(withSchema) },
            otherwise: { try queries.map(libsecretSearchPaths) })
    }

    private func libsecretSearchPaths(_ attributes: [String: String]) throws -> (unlocked: [String], locked: [String]) {
        let table = GLibValues.stringTable(attributes)
        defer { libsecret.g_hash_table_unref(table) }
        let (service, schema) = (try connection().service, try connection().schema)
        var unlocked: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        var locked: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        _ = try call("search") {
            libsecret.secret_service_search_for_dbus_paths_sync(service, schema, table, nil, &unlocked, &locked, $0)
        }
        defer {
            libsecret.g_strfreev(unlocked)
            libsecret.g_strfreev(locked)
        }
        return (GLibValues.strings(unlocked), GLibValues.strings(locked))
    }

    /// The bytes of a secret value, copied into ``SecureBytes``.
    static func copy(_ value: OpaquePointer) -> SecureBytes {
        var length = 0
        let bytes = libsecret.secret_value_get(value, &length)
        let secret = SecureBytes(count: bytes == nil ? 0 : length)
        if let bytes, length > 0 {
            secret.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: bytes, byteCount: length) }
        }
        return secret
    }

    /// The items matching `attributes`, newest modification first.
    func search(_ attributes: [String: String]) throws -> [SecretItemHandle] {
        let table = GLibValues.stringTable(attributes)
        defer { libsecret.g_hash_table_unref(table) }
        let (service, schema) = (try connection().service, try connection().schema)
        let list = try call("search") {
            libsecret.secret_service_search_sync(service, schema, table, SECRET_SEARCH_ALL, nil, $0)
        }
        defer { libsecret.g_list_free(list) }
        // The list owns one reference per item; the handles take them over.
        return GLibValues.elements(list).map { SecretItemHandle(adopting: $0) }.sorted { $0.modified > $1.modified }
    }
}
