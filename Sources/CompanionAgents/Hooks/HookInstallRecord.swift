import CompanionCrypto
import CompanionFiles
import Foundation

/// What `hooks install` did, kept in the sidecar's data directory so that `hooks uninstall` can undo exactly it:
/// the settings file, the hook URL, the file's bytes before (nil: it did not exist) and the digest of the bytes
/// written. When the file still has those bytes at uninstall, the earlier bytes are put back as they were.
struct HookInstallRecord: Codable, Sendable, Equatable {
    static let fileName = "claude-hooks-install.json"

    var settingsPath: String
    var url: String
    /// Base64 of the settings file before the first install, nil when there was none.
    var original: String?
    /// SHA-256 (hex) of the bytes the last install wrote.
    var installedDigest: String

    static func digest(_ bytes: [UInt8]) -> String {
        HexEncoding.lowercase(SHA256.hash(bytes))
    }

    var originalBytes: [UInt8]? { original.flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) } }

    static func load(stateDirectory: String) throws(SettingsFileError) -> HookInstallRecord? {
        let path = stateDirectory + "/" + fileName
        guard let bytes = try SettingsFileError.mapping({ () throws(FileWriteError) in try AtomicFile.read(path) })
        else {
            return nil
        }
        do {
            return try JSONDecoder().decode(HookInstallRecord.self, from: Data(bytes))
        } catch {
            throw .malformed(path: path, reason: "the install record is damaged")
        }
    }

    func save(stateDirectory: String) throws(SettingsFileError) {
        let path = stateDirectory + "/" + Self.fileName
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do { data = try encoder.encode(self) } catch { throw .io(path: path, reason: "it could not be encoded") }
        do {
            try FileManager.default.createDirectory(
                atPath: stateDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch { throw .io(path: path, reason: "its directory cannot be created") }
        try SettingsFileError.mapping { () throws(FileWriteError) in
            try AtomicFile.replace(path, with: data, mode: .exactly(0o600))
        }
    }

    static func remove(stateDirectory: String) throws(SettingsFileError) {
        try SettingsFileError.mapping { () throws(FileWriteError) in
            try AtomicFile.remove(stateDirectory + "/" + fileName)
        }
    }
}
