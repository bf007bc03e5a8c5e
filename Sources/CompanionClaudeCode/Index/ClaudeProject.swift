import Foundation

/// A Claude Code project: one directory under `<config>/projects`.
package struct ClaudeProject: Sendable, Hashable, Codable {
    /// The stable id: ``ProjectID/forPath(_:)`` of ``path``.
    package var id: UUID
    /// The directory's name under `projects` (Claude Code's lossy encoding of the path, e.g. `-home-ada-src-my-app`).
    package var encodedPath: String
    /// The real path: the `cwd` of the project's earliest session, or, for a directory without any, the
    /// directory name decoded naively (each `-` read as `/`; see ``isPathFromTranscripts``).
    package var path: String
    /// Whether ``path`` came from a transcript (`false`: guessed from the directory name).
    package var isPathFromTranscripts: Bool
    /// The number of sessions (top-level transcripts).
    package var sessionCount: Int
    /// The latest activity of any of its sessions.
    package var lastActivity: Date?

    /// A project.
    package init(
        id: UUID, encodedPath: String, path: String, isPathFromTranscripts: Bool, sessionCount: Int,
        lastActivity: Date?
    ) {
        self.id = id
        self.encodedPath = encodedPath
        self.path = path
        self.isPathFromTranscripts = isPathFromTranscripts
        self.sessionCount = sessionCount
        self.lastActivity = lastActivity
    }
}
