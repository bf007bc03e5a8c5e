import CompanionCrypto
import Foundation

/// Where and how one item is stored, for `companion keys audit`.
public struct VaultItemLocation: Codable, Sendable, Equatable {
    /// Collection label (Secret Service), or the vault file path.
    public var container: String
    /// D-Bus object path of the item (Secret Service only).
    public var objectPath: String?
    /// Whether the item (or its collection) is locked right now.
    public var locked: Bool

    public init(container: String, objectPath: String?, locked: Bool) {
        self.container = container
        self.objectPath = objectPath
        self.locked = locked
    }
}

/// The encrypted file vault's on-disk facts.
public struct FileVaultFacts: Codable, Sendable, Equatable {
    public var path: String
    public var exists: Bool
    /// Permission bits of the file, e.g. 0o600 (nil when it does not exist yet).
    public var fileMode: UInt16?
    /// Permission bits of the directory holding it, e.g. 0o700.
    public var directoryMode: UInt16?
    /// False when the file or its directory belongs to another user.
    public var ownedByUser: Bool
    public var formatVersion: Int?
    public var kdf: String
    public var kdfParameters: Argon2idParameters?
    public var cipher: String
}

/// What a backend can say about itself for an audit. Contains no secrets.
public struct VaultReport: Codable, Sendable, Equatable {
    /// `secret-service` or `file`.
    public var backend: String
    public var profile: String
    /// Per item name.
    public var locations: [String: VaultItemLocation]
    /// Secret Service: the transfer session algorithm (`plain` means unencrypted over D-Bus).
    public var sessionAlgorithm: String?
    /// Secret Service: label and lock state of the default collection.
    public var defaultCollection: String?
    public var defaultCollectionLocked: Bool?
    /// File vault only.
    public var file: FileVaultFacts?

    public init(
        backend: String, profile: String, locations: [String: VaultItemLocation], sessionAlgorithm: String?,
        defaultCollection: String?, defaultCollectionLocked: Bool?, file: FileVaultFacts?
    ) {
        self.backend = backend
        self.profile = profile
        self.locations = locations
        self.sessionAlgorithm = sessionAlgorithm
        self.defaultCollection = defaultCollection
        self.defaultCollectionLocked = defaultCollectionLocked
        self.file = file
    }
}

/// A vault that can describe its storage for an audit.
public protocol InspectableVault: CredentialVault {
    /// Facts about the backend and every item's location; never secret material.
    func report() throws -> VaultReport
}
