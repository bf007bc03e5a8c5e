import CompanionCrypto
import CompanionVault

/// Reading one item with its metadata.
extension SecretServiceVault {
    /// SearchItems, then Properties.GetAll of the item and GetSecrets in one batch on the direct path: the round
    /// trips of `secret-tool lookup`, and no item proxy. A locked item is unlocked through
    /// ``SecretServiceConnection/ensureDefaultCollectionUnlocked()`` (which refuses without a desktop) first. Of
    /// several unlocked matches, the newest modified one.
    public func item(_ name: String) throws -> VaultItem? {
        try VaultItemName.validate(name)
        return try serialized {
            let attributes = CredentialSchema.attributes(profile: profile, name: name)
            var (unlocked, locked) = try searchPaths(attributes)
            if !locked.isEmpty {
                defaultCollectionUsable = false
                try ensureDefaultCollectionUsable()
                (unlocked, locked) = try searchPaths(attributes)
            }
            guard !unlocked.isEmpty else {
                if locked.isEmpty { return nil }
                throw VaultError.secretServiceUnavailable(.locked, detail: "the item \"\(name)\" is locked")
            }
            let (properties, secret) = try newest(of: unlocked)
            guard let secret else {
                throw VaultError.secretService(operation: "lookup", detail: "no secret was loaded for \"\(name)\"")
            }
            let kind = properties.attributes[CredentialSchema.Attribute.kind].flatMap(VaultItemKind.init) ?? .other
            return VaultItem(
                secret: secret,
                metadata: VaultItemMetadata(
                    name: name, label: properties.label, kind: kind, created: properties.created,
                    modified: properties.modified))
        }
    }

    /// The properties of the newest modified of the items at `paths` (not empty) and its secret; of items modified
    /// in the same second, the first the service listed.
    private func newest(of paths: [String]) throws -> (SecretItemProperties, SecureBytes?) {
        try direct(
            "lookup",
            { bus throws(SecretServiceBusError) in
                let (properties, secrets) = try bus.items(paths)
                let candidates = paths.compactMap { path in properties[path].map { (path, $0) } }
                guard let (path, newest) = candidates.max(by: { $0.1.modified < $1.1.modified }) else {
                    throw .unexpectedReply("the Secret Service sent no properties for the items it found")
                }
                return (newest, secrets[path])
            },
            otherwise: {
                let candidates = try paths.map { path in
                    do {
                        return (path, try SecretItemProperties(path: path, connection: try connection()))
                    } catch let error as GLibError {
                        throw VaultError.secretService(operation: "lookup", detail: error.message)
                    }
                }
                let (path, properties) = candidates.max { $0.1.modified < $1.1.modified }!
                return (properties, try secrets(at: [path: path])[path])
            })
    }
}
