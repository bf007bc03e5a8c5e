import CompanionCrypto
import Foundation

/// When each item was last read, per backend and profile. Keyrings do not record this, so we do, in
/// `$XDG_STATE_HOME/companionkit/<profile>/usage.json` (0600, no secrets: item names and timestamps only).
/// Recording is best effort: a read-only state directory never makes a credential unreadable.
public struct VaultUsageLog: Sendable {
    public let path: URL
    private var lockPath: URL { path.deletingLastPathComponent().appendingPathComponent("usage.lock") }

    public init(profile: VaultProfile) {
        path = profile.stateDirectory.appendingPathComponent("usage.json")
    }

    init(path: URL) { self.path = path }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Last-use times by backend (`secret-service`, `file`) then item name.
    public func entries() -> [String: [String: Date]] {
        guard let bytes = try? LockedFile.read(path),
            let decoded = try? Self.decoder.decode([String: [String: Date]].self, from: Data(bytes))
        else { return [:] }
        return decoded
    }

    /// The last time `name` was read from `backend`, if known.
    public func lastUsed(backend: String, name: String) -> Date? { entries()[backend]?[name] }

    /// Records a read of `name` now.
    public func touch(backend: String, name: String, at date: Date = Date()) {
        update { $0[backend, default: [:]][name] = date }
    }

    /// Records a read of each of `names` now, in one update of the file.
    public func touch(backend: String, names: [String], at date: Date = Date()) {
        guard !names.isEmpty else { return }
        update { all in
            for name in names { all[backend, default: [:]][name] = date }
        }
    }

    /// Forgets `name` (after it was removed).
    public func forget(backend: String, name: String) {
        update { $0[backend]?[name] = nil }
    }

    private func update(_ change: (inout [String: [String: Date]]) -> Void) {
        do {
            try LockedFile.ensurePrivateDirectory(path.deletingLastPathComponent())
            try LockedFile.withLock(lockPath, exclusive: true) {
                var all = entries()
                change(&all)
                try LockedFile.replace(path, with: Array(try Self.encoder.encode(all)), durable: false)
            }
        } catch {
            // Best effort by design (see the type's documentation).
        }
    }
}

/// A vault that records every successful read in a ``VaultUsageLog``.
public final class UsageTrackingVault: InspectableVault {
    public let inner: any InspectableVault
    public let backend: VaultBackendChoice
    public let usage: VaultUsageLog

    public init(_ inner: any InspectableVault, backend: VaultBackendChoice, usage: VaultUsageLog) {
        self.inner = inner
        self.backend = backend
        self.usage = usage
    }

    public func set(_ name: String, secret: SecureBytes, label: String, kind: VaultItemKind) throws {
        try inner.set(name, secret: secret, label: label, kind: kind)
    }

    public func get(_ name: String) throws -> SecureBytes? {
        let secret = try inner.get(name)
        if secret != nil { usage.touch(backend: backend.rawValue, name: name) }
        return secret
    }

    public func item(_ name: String) throws -> VaultItem? {
        let item = try inner.item(name)
        if item != nil { usage.touch(backend: backend.rawValue, name: name) }
        return item
    }

    public func secrets(_ names: [String]) throws -> [String: SecureBytes] {
        let found = try inner.secrets(names)
        usage.touch(backend: backend.rawValue, names: names.filter { found[$0] != nil })
        return found
    }

    public func remove(_ name: String) throws {
        try inner.remove(name)
        usage.forget(backend: backend.rawValue, name: name)
    }

    public func list() throws -> [VaultItemMetadata] { try inner.list() }
    public var changeLock: VaultChangeLock { inner.changeLock }
    public func report() throws -> VaultReport { try inner.report() }
}
