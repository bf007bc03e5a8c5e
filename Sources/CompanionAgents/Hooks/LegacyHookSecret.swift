import CompanionFiles
import Foundation

/// The per-install secret that the companion's earlier HTTP hooks sent: no longer used (hooks now reach the sidecar
/// over its owner socket, where the kernel's peer credentials are the authentication), and removed from the data
/// directory by the next install or uninstall.
enum LegacyHookSecret {
    static let fileName = "claude-hooks-secret"

    static func remove(stateDirectory: String) throws(SettingsFileError) {
        try SettingsFileError.mapping { () throws(FileWriteError) in
            try AtomicFile.remove(stateDirectory + "/" + fileName)
        }
    }
}
