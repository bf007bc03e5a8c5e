import CSecret
import Foundation

extension SecretServiceVault {
    /// Backend facts for an audit: session algorithm, default collection, and each item's collection and lock.
    public func report() throws -> VaultReport {
        try serialized {
            let labels = collectionLabels()
            var locations: [String: VaultItemLocation] = [:]
            for item in try search(CredentialSchema.attributes(profile: profile), loadSecrets: false) {
                guard let name = item.attribute(CredentialSchema.Attribute.name), locations[name] == nil else {
                    continue
                }
                locations[name] = VaultItemLocation(
                    container: labels[item.collectionPath] ?? item.collectionPath, objectPath: item.objectPath,
                    locked: item.locked)
            }
            var defaultLabel: String?
            var defaultLocked: Bool?
            if let collection = try connection.defaultCollection() {
                defer { g_object_unref(collection) }
                defaultLabel = SecretServiceConnection.label(of: collection)
                defaultLocked = secret_collection_get_locked(collection) != 0
            }
            return VaultReport(
                backend: VaultBackendChoice.secretService.rawValue, profile: profile.name, locations: locations,
                sessionAlgorithm: connection.sessionAlgorithm, defaultCollection: defaultLabel,
                defaultCollectionLocked: defaultLocked, file: nil)
        }
    }

    /// Object path → label of every collection the service has loaded.
    private func collectionLabels() -> [String: String] {
        guard let list = secret_service_get_collections(connection.service) else { return [:] }
        defer { g_list_free_full(list, g_object_unref) }
        var labels: [String: String] = [:]
        for raw in GLibValues.elements(list) {
            let collection = raw.assumingMemoryBound(to: SecretCollection.self)
            labels[SecretServiceConnection.objectPath(raw)] = SecretServiceConnection.label(of: collection)
        }
        return labels
    }
}
