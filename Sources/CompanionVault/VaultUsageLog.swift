import CompanionCrypto
import Foundation

/// When each item was last read, per backend and profile. Keyrings do not record this, so we do, in
/// `$XDG_STATE_HOME/companionkit/<profile>/usage/`: one empty file per backend and item,
/// `usage/<backend>/<item name in unpadded base64url>` (directories 0700, files 0600, no secrets: item names and
/// times only), whose modification time is the item's last read. Recording a read re-times that file (open,
/// `futimens`, close): no parsing, no lock, since each file changes alone, so it costs a command almost nothing
/// (the JSON file it replaces cost a `keys show` about 1.7 ms of CPU, a tenth of the command, mostly the first
/// use of `JSONDecoder` and of ISO 8601 parsing). Times recorded by earlier versions in `usage.json` beside it
/// are still read; the newer time wins. Recording is best effort: a read-only state directory never makes a
/// credential unreadable.
public struct VaultUsageLog: Sendable {
    /// The file of earlier versions (`usage.json`), read for the times it holds and no longer written except to
    /// forget an item.
    public let path: URL
    /// The directory of the per-item files (`usage/` beside ``path``).
    public let directory: URL
    private var lockPath: URL { path.deletingLastPathComponent().appendingPathComponent("usage.lock") }

    public init(profile: VaultProfile) {
        self.init(path: profile.stateDirectory.appendingPathComponent("usage.json"))
    }

    init(path: URL) {
        self.path = path
        directory = path.deletingLastPathComponent().appendingPathComponent("usage")
    }

    /// Last-use times by backend (`secret-service`, `file`) then item name.
    public func entries() -> [String: [String: Date]] {
        var all = legacyEntries()
        for backend in Self.names(in: directory) {
            let backendDirectory = directory.appendingPathComponent(backend)
            for file in Self.names(in: backendDirectory) {
                guard let name = ItemFileName.decode(file),
                    let used = Self.modificationDate(backendDirectory.appendingPathComponent(file))
                else { continue }
                if let earlier = all[backend]?[name], earlier >= used { continue }
                all[backend, default: [:]][name] = used
            }
        }
        return all
    }

    /// The last time `name` was read from `backend`, if known.
    public func lastUsed(backend: String, name: String) -> Date? { entries()[backend]?[name] }

    /// Records a read of `name` now.
    public func touch(backend: String, name: String, at date: Date = Date()) {
        touch(backend: backend, names: [name], at: date)
    }

    /// Records a read of each of `names` now.
    public func touch(backend: String, names: [String], at date: Date = Date()) {
        guard !names.isEmpty else { return }
        let backendDirectory = directory.appendingPathComponent(backend)
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let time = timespec(tv_sec: Int(seconds), tv_nsec: Int((date.timeIntervalSince1970 - seconds) * 1e9))
        for name in names {
            let file = backendDirectory.appendingPathComponent(ItemFileName.encode(name)).path
            var fd = open(file, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0, errno == ENOENT {
                // First record for this backend: create usage/<backend> (0700), then retry once.
                guard (try? LockedFile.ensurePrivateDirectory(backendDirectory)) != nil else { return }
                fd = open(file, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
            }
            guard fd >= 0 else { continue }  // Best effort by design (see the type's documentation).
            let times = [time, time]
            _ = futimens(fd, times)
            close(fd)
        }
    }

    /// Forgets `name` (after it was removed).
    public func forget(backend: String, name: String) {
        unlink(directory.appendingPathComponent(backend).appendingPathComponent(ItemFileName.encode(name)).path)
        guard FileManager.default.fileExists(atPath: path.path) else { return }
        updateLegacy { $0[backend]?[name] = nil }
    }

    // MARK: - usage.json of earlier versions

    private static var legacyDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    private static var legacyEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }

    private func legacyEntries() -> [String: [String: Date]] {
        guard let bytes = try? LockedFile.read(path),
            let decoded = try? Self.legacyDecoder.decode([String: [String: Date]].self, from: Data(bytes))
        else { return [:] }
        return decoded
    }

    private func updateLegacy(_ change: (inout [String: [String: Date]]) -> Void) {
        do {
            try LockedFile.withLock(lockPath, exclusive: true) {
                var all = legacyEntries()
                change(&all)
                try LockedFile.replace(path, with: Array(try Self.legacyEncoder.encode(all)), durable: false)
            }
        } catch {
            // Best effort by design (see the type's documentation).
        }
    }

    // MARK: - Files

    /// The names in `directory` other than `.` and `..` (none when it cannot be read).
    private static func names(in directory: URL) -> [String] {
        guard let stream = opendir(directory.path) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The modification time of a regular file (not followed if it is a link).
    private static func modificationDate(_ file: URL) -> Date? {
        var info = stat()
        guard lstat(file.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Date(
            timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec) / 1e9)
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
