import CompanionCrypto
import Foundation

/// What kind of credential an item holds; recorded as the `kind` attribute.
public enum VaultItemKind: String, Codable, Sendable, CaseIterable {
    /// The device's Ed25519 identity keypair (64-byte libsodium secret key).
    case identityKey = "identity-key"
    /// The chosen sidecar base URL.
    case sidecarURL = "sidecar-url"
    /// What pairing yields: device id, pinned sidecar key, pairing time (JSON).
    case pairing = "pairing"
    /// An API key for the orchestrator endpoints.
    case apiKey = "api-key"
    /// Anything else.
    case other = "other"
}

/// Metadata of one stored item. Never contains the secret.
public struct VaultItemMetadata: Codable, Sendable, Equatable {
    /// Unique name of the item within its profile, e.g. `identity`.
    public var name: String
    public var label: String
    public var kind: VaultItemKind
    public var created: Date
    public var modified: Date

    public init(name: String, label: String, kind: VaultItemKind, created: Date, modified: Date) {
        self.name = name
        self.label = label
        self.kind = kind
        self.created = created
        self.modified = modified
    }
}

/// One stored item: its secret and its metadata.
public struct VaultItem: Sendable {
    public var secret: SecureBytes
    public var metadata: VaultItemMetadata

    public init(secret: SecureBytes, metadata: VaultItemMetadata) {
        self.secret = secret
        self.metadata = metadata
    }
}

/// A store for credentials. Implementations: Secret Service (libsecret) and an encrypted file.
///
/// - `set` inserts or replaces (upsert), keeping `created` of an existing item.
/// - `get` returns nil when the item is absent.
/// - `remove` is idempotent.
/// - A sequence of calls that must not interleave with another process's (create if absent, rotate) runs
///   inside ``changeLock``.
public protocol CredentialVault: Sendable {
    /// Stores `secret` under `name`, replacing any existing item of that name.
    func set(_ name: String, secret: SecureBytes, label: String, kind: VaultItemKind) throws
    /// The secret stored under `name`, or nil.
    func get(_ name: String) throws -> SecureBytes?
    /// The secret stored under `name` with its metadata, or nil: what ``get(_:)`` and ``list()`` together say
    /// about one item, in one read where the backend can (the Secret Service's round trips cost more than the rest
    /// of a `companion keys show`).
    func item(_ name: String) throws -> VaultItem?
    /// The secrets stored under `names` (absent ones left out), in one read where the backend can: on the Secret
    /// Service one search per name and one transfer for all, instead of a search and a transfer per item.
    func secrets(_ names: [String]) throws -> [String: SecureBytes]
    /// Removes the item; does nothing when it is absent.
    func remove(_ name: String) throws
    /// Metadata of every item in this vault's profile.
    func list() throws -> [VaultItemMetadata]
    /// The inter-process lock that serialises read → decide → write sequences on this vault (each single call
    /// above is already atomic on its own).
    var changeLock: VaultChangeLock { get }
}

extension CredentialVault {
    /// ``get(_:)`` and the item's entry in ``list()``.
    public func item(_ name: String) throws -> VaultItem? {
        guard let secret = try get(name), let metadata = try list().first(where: { $0.name == name }) else {
            return nil
        }
        return VaultItem(secret: secret, metadata: metadata)
    }

    /// ``get(_:)`` for each name.
    public func secrets(_ names: [String]) throws -> [String: SecureBytes] {
        var found: [String: SecureBytes] = [:]
        for name in names where found[name] == nil {
            if let secret = try get(name) { found[name] = secret }
        }
        return found
    }
}
