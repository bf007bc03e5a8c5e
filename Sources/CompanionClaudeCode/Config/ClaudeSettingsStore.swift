import Foundation

/// Claude Code's `settings.json` files (user and project): read whole, and changed key by key.
///
/// A change is a set of top-level keys with their new values (a JSON `null` removes the key); every other key,
/// known to us or not, is kept. The keys Claude Code defines whose type we know are checked
/// (``ClaudeSettingsValidation``) before anything is written; the write is ``ClaudeJSONFile``'s (atomic, locked,
/// re-applied on a concurrent change, backup kept, a malformed file never overwritten).
package struct ClaudeSettingsStore: Sendable {
    package let locations: ClaudeConfigLocations

    package init(locations: ClaudeConfigLocations) {
        self.locations = locations
    }

    /// The file of `scope` (`projectPath` for the project scope).
    package func file(scope: ClaudeSettingsScope, projectPath: String?) throws(ClaudeSettingsError) -> ClaudeJSONFile {
        switch scope {
        case .user: return ClaudeJSONFile(url: locations.userSettings, creationMode: 0o600)
        case .project:
            guard let projectPath, projectPath.hasPrefix("/") else { throw .projectRequired }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: projectPath, isDirectory: &isDirectory), isDirectory.boolValue
            else { throw .noSuchProject(projectPath) }
            return ClaudeJSONFile(
                url: ClaudeConfigLocations.projectSettings(projectPath: projectPath), creationMode: 0o644,
                project: projectPath)
        }
    }

    /// The settings of `scope` (an empty object when the file does not exist yet).
    package func read(scope: ClaudeSettingsScope, projectPath: String?) throws(ClaudeSettingsError)
        -> ClaudeJSONSnapshot
    {
        do { return try file(scope: scope, projectPath: projectPath).read() } catch let error as ClaudeConfigFileError {
            throw .file(error)
        } catch let error as ClaudeSettingsError { throw error } catch { throw .invalid("\(type(of: error))") }
    }

    /// Sets each key of `changes` (removing those whose value is `NSNull`) and returns the settings as written.
    @discardableResult
    package func update(scope: ClaudeSettingsScope, projectPath: String?, changes: [String: Any])
        throws(ClaudeSettingsError) -> [String: Any]
    {
        try ClaudeSettingsValidation.check(changes)
        let target = try file(scope: scope, projectPath: projectPath)
        if scope == .project {
            let directory = target.url.deletingLastPathComponent()
            do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
                throw .file(.unwritable(path: directory.path, errno: EACCES))
            }
        }
        do {
            return try target.update { object -> [String: Any] in
                for (key, value) in changes {
                    if value is NSNull { object.removeValue(forKey: key) } else { object[key] = value }
                }
                return object
            }.result
        } catch let error as ClaudeConfigFileError { throw .file(error) } catch {
            throw .invalid("\(type(of: error))")
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif
