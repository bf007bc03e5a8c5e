import CSecret
import CompanionCrypto
import CompanionVault

/// Reading several items at once: one SearchItems per name (object paths only) and one GetSecrets for all the
/// paths found, instead of a SearchItems and a GetSecrets per item.
extension SecretServiceVault {
    public func secrets(_ names: [String]) throws -> [String: SecureBytes] {
        for name in names { try VaultItemName.validate(name) }
        return try serialized {
            var paths = try firstUnlockedPaths(names)
            if !paths.locked.isEmpty {
                defaultCollectionUsable = false
                try ensureDefaultCollectionUsable()
                paths = try firstUnlockedPaths(names)
            }
            if let name = paths.locked.first {
                throw VaultError.secretServiceUnavailable(.locked, detail: "the item \"\(name)\" is locked")
            }
            return try secrets(at: paths.unlocked)
        }
    }

    /// For each name, the path of its first unlocked item; `locked` lists the names with locked items only.
    private func firstUnlockedPaths(_ names: [String]) throws -> (unlocked: [String: String], locked: [String]) {
        var unlocked: [String: String] = [:]
        var locked: [String] = []
        let distinct = Array(Set(names))
        let results = try searchPaths(distinct.map { CredentialSchema.attributes(profile: profile, name: $0) })
        for (name, found) in zip(distinct, results) {
            if let path = found.unlocked.first {
                unlocked[name] = path
            } else if !found.locked.isEmpty {
                locked.append(name)
            }
        }
        return (unlocked, locked)
    }

    /// The secrets at `paths` (name to object path) in one GetSecrets call; items gone meanwhile are left out.
    func secrets(at paths: [String: String]) throws -> [String: SecureBytes] {
        guard !paths.isEmpty else { return [:] }
        return try direct(
            "lookup",
            { bus throws(SecretServiceBusError) in
                let byPath = try bus.secrets(Array(Set(paths.values)))
                return paths.compactMapValues { byPath[$0] }
            }, otherwise: { try libsecretSecrets(at: paths) })
    }

    private func libsecretSecrets(at paths: [String: String]) throws -> [String: SecureBytes] {
        let service = try connection().service
        let names = Array(paths.keys)
        let copies = names.map { libsecret.g_strdup(paths[$0]!) }
        defer { for copy in copies { libsecret.g_free(copy) } }
        var vector: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        let table = try vector.withUnsafeMutableBufferPointer { buffer in
            try call("lookup") {
                libsecret.secret_service_get_secrets_for_dbus_paths_sync(service, buffer.baseAddress, nil, $0)
            }
        }
        guard let table else { return [:] }
        defer { libsecret.g_hash_table_unref(table) }
        var found: [String: SecureBytes] = [:]
        for name in names {
            let value = paths[name]!.withCString { libsecret.g_hash_table_lookup(table, $0) }
            if let value { found[name] = Self.copy(OpaquePointer(value)) }
        }
        return found
    }
}
