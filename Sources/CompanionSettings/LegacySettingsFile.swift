import CompanionFiles
import CompanionPaths
import Foundation

/// The settings file of earlier versions, `$XDG_CONFIG_HOME/companion/config.toml`, moved to the one application
/// directory (`$XDG_CONFIG_HOME/companionkit/config.toml`, ``CompanionDirectories/applicationName``).
///
/// Only the file moves: other files a person keeps in `~/.config/companion/` (a passphrase file, a systemd
/// credential) stay where the settings and units name them. The new file is created only if there is none
/// (`RENAME_NOREPLACE`, so two commands starting at once move it once), with the old file's permission bits, and
/// the old file is removed only if it is still the version copied.
enum LegacySettingsFile {
    /// The directory name under `$XDG_CONFIG_HOME` that earlier versions used.
    static let directoryName = "companion"

    /// `$XDG_CONFIG_HOME/companion/config.toml`.
    static func path(environment: [String: String]) -> URL {
        CompanionDirectories(environment: environment).baseDirectory(.config)
            .appendingPathComponent(directoryName).appendingPathComponent(CompanionSettings.fileName)
    }

    /// Moves the old file to `destination` when there is an old file and no new one; returns the old path when it
    /// moved, nil when there was nothing to move.
    static func move(to destination: URL, environment: [String: String]) throws(SettingsError) -> URL? {
        let legacy = path(environment: environment)
        guard let stamp = FileStamp(path: legacy.path), FileStamp(path: destination.path) == nil else { return nil }
        do {
            guard let bytes = try AtomicFile.read(legacy.path) else { return nil }
            try createPrivateDirectory(destination.deletingLastPathComponent())
            let mode = AtomicFile.mode(of: legacy.path, fallback: 0o600)
            let created = try AtomicFile.replace(destination.path, with: bytes, mode: .exactly(mode), ifStill: nil)
            // Another command may have moved it first: the old file goes only once the new one holds its bytes.
            let holdsTheBytes = try created || AtomicFile.read(destination.path) == bytes
            guard holdsTheBytes else { return nil }
            _ = try AtomicFile.remove(
                legacy.path, ifStill: stamp, keepingOtherVersionAt: legacy.path + ".moved-\(getpid())")
        } catch {
            throw SettingsError(path: legacy.path, problem: "could not be moved to \(destination.path) (\(error))")
        }
        return legacy
    }

    private static func createPrivateDirectory(_ directory: URL) throws(FileWriteError) {
        guard mkdir(directory.path, 0o700) == 0 || errno == EEXIST else {
            throw FileWriteError(path: directory.path, operation: "mkdir", errno: errno)
        }
    }
}
