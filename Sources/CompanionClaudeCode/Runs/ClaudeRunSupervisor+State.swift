import CompanionPaths
import Foundation

extension ClaudeRunSupervisor {
    /// Where the sidecar keeps the run registry: `claude-runs` in its data directory (state, not a cache: it
    /// must survive a crash to be useful).
    package static func defaultStateDirectory(_ directories: CompanionDirectories = CompanionDirectories()) -> URL {
        directories.sidecarDataDirectory().appendingPathComponent("claude-runs", isDirectory: true)
    }
}
