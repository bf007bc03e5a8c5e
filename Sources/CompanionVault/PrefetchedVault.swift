import CompanionCrypto
import Foundation

/// A vault whose reads of some items were made ahead, in one batch (``CredentialVault/secrets(_:)``), for a
/// command that knows which items it will read: on the Secret Service that is one search per item and one
/// transfer for all of them, instead of a search and a transfer per item.
///
/// Reads of the prefetched items are answered from memory (an absent item as absent); every other read, and
/// every write, goes to the inner vault, and writing or removing an item forgets its prefetched value.
public final class PrefetchedVault: InspectableVault, @unchecked Sendable {
    /// The vault the items were read from.
    public let inner: any InspectableVault
    private let lock = NSLock()
    /// Prefetched names to their secrets (nil: read, absent). Guarded by `lock`.
    private var prefetched: [String: SecureBytes?] = [:]

    /// Reads `names` from `inner` now, in one ``CredentialVault/secrets(_:)`` call.
    public init(_ inner: any InspectableVault, names: [String]) throws {
        self.inner = inner
        let found = try inner.secrets(names)
        for name in names { prefetched[name] = found[name] }
    }

    /// The prefetched names that were absent (and not written since).
    public var missing: [String] {
        lock.withLock { prefetched.filter { $0.value == nil }.map(\.key).sorted() }
    }

    public func get(_ name: String) throws -> SecureBytes? {
        if let value = lock.withLock({ prefetched[name] }) { return value }
        return try inner.get(name)
    }

    public func secrets(_ names: [String]) throws -> [String: SecureBytes] {
        var found: [String: SecureBytes] = [:]
        var missing: [String] = []
        lock.withLock {
            for name in names {
                if let value = prefetched[name] { found[name] = value } else { missing.append(name) }
            }
        }
        guard !missing.isEmpty else { return found }
        return found.merging(try inner.secrets(missing)) { prefetched, _ in prefetched }
    }

    public func item(_ name: String) throws -> VaultItem? { try inner.item(name) }

    public func set(_ name: String, secret: SecureBytes, label: String, kind: VaultItemKind) throws {
        forget(name)
        try inner.set(name, secret: secret, label: label, kind: kind)
    }

    public func remove(_ name: String) throws {
        forget(name)
        try inner.remove(name)
    }

    public func list() throws -> [VaultItemMetadata] { try inner.list() }
    public var changeLock: VaultChangeLock { inner.changeLock }
    public func report() throws -> VaultReport { try inner.report() }

    private func forget(_ name: String) {
        _ = lock.withLock { prefetched.removeValue(forKey: name) }
    }
}
