import CSecret
import CompanionVault
import Foundation

extension SecretServiceVault {
    /// Backend facts for an audit: session algorithm, default collection, and each item's collection and lock.
    public func report() throws -> VaultReport {
        try serialized {
            let items = try search(CredentialSchema.attributes(profile: profile))
            var defaultLabel: String?
            var defaultLocked: Bool?
            var defaultPath: String?
            if let collection = try connection().defaultCollection() {
                defer { libsecret.g_object_unref(collection) }
                defaultLabel = SecretServiceConnection.label(of: collection)
                defaultLocked = libsecret.secret_collection_get_locked(collection) != 0
                defaultPath = SecretServiceConnection.objectPath(UnsafeMutableRawPointer(collection))
            }
            var locations: [String: VaultItemLocation] = [:]
            for item in items {
                guard let name = item.attribute(CredentialSchema.Attribute.name), locations[name] == nil else {
                    continue
                }
                // The default collection by its label; any other by the last component of its object path.
                let container =
                    item.collectionPath == defaultPath
                    ? (defaultLabel ?? "default") : String(item.collectionPath.split(separator: "/").last ?? "?")
                locations[name] = VaultItemLocation(
                    container: container, objectPath: item.objectPath, locked: item.locked)
            }
            return VaultReport(
                backend: VaultBackendChoice.secretService.rawValue, profile: profile.name, locations: locations,
                sessionAlgorithm: try connection().sessionAlgorithm, defaultCollection: defaultLabel,
                defaultCollectionLocked: defaultLocked, file: nil)
        }
    }
}
