import CompanionPaths
import Foundation

extension ClaudeIndex {
    /// The index database's file name in the sidecar's data directory.
    package static let databaseFileName = "claude-index.sqlite"

    /// Where the sidecar keeps the index: `<sidecar data directory>/claude-index.sqlite` (a cache: deleting it
    /// only costs a rebuild; project ids do not change).
    package static func databasePath(in directories: CompanionDirectories) -> String {
        directories.sidecarDataDirectory().appendingPathComponent(databaseFileName).path
    }

    /// Claude Code's projects directory: `$CLAUDE_CONFIG_DIR/projects` when that variable is an absolute path,
    /// else `~/.claude/projects` (``ClaudeDirectories``).
    package static func projectsDirectoryPath(in directories: CompanionDirectories) -> String {
        let claude =
            ClaudeDirectories.resolve(environment: directories.environment)
            ?? ClaudeDirectories(configDirectory: directories.homeDirectory.appendingPathComponent(".claude"))
        return claude.projectsDirectory.path
    }
}
