import Foundation

extension FileVault {
    /// Backend facts for an audit: the file's path, permissions, owner, format and key-derivation costs.
    /// Reading the header needs no passphrase; item locations need the vault to be readable.
    public func report() throws -> VaultReport {
        let fileStat = Self.stat(path.path)
        let dirStat = Self.stat(path.deletingLastPathComponent().path)
        let bytes = try LockedFile.read(path)
        let header = bytes.flatMap { try? FileVaultHeader.decode($0) }
        let uid = getuid()
        let facts = FileVaultFacts(
            path: path.path, exists: bytes != nil, fileMode: fileStat.map { UInt16($0.st_mode & 0o7777) },
            directoryMode: dirStat.map { UInt16($0.st_mode & 0o7777) },
            ownedByUser: (fileStat.map { $0.st_uid == uid } ?? true) && (dirStat.map { $0.st_uid == uid } ?? true),
            formatVersion: header.map { Int($0.version) }, kdf: "argon2id13",
            kdfParameters: header?.parameters ?? (bytes == nil ? parameters : nil), cipher: "xchacha20poly1305-ietf")
        var locations: [String: VaultItemLocation] = [:]
        for item in try list() {
            locations[item.name] = VaultItemLocation(container: path.path, objectPath: nil, locked: false)
        }
        return VaultReport(
            backend: VaultBackendChoice.file.rawValue, profile: profile.name, locations: locations,
            sessionAlgorithm: nil, defaultCollection: nil, defaultCollectionLocked: nil, file: facts)
    }

    private static func stat(_ path: String) -> stat? {
        var result = Foundation.stat()
        return lstat(path, &result) == 0 ? result : nil
    }
}
