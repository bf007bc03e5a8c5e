import Foundation

/// A Claude Code project (`Project` of the ILS app): one directory under `~/.claude/projects`, with the real
/// path its transcripts were written in and an id derived from that path (SHA-256 of the path as a name-based UUID, as the ILS backend derives it), stable across
/// requests and restarts.
public struct Project: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The last component of the path.
    public var name: String
    /// The project's directory on the workstation (from the transcripts' `cwd`).
    public var path: String
    public var defaultModel: String
    public var description: String?
    /// The first activity seen in its transcripts.
    public var createdAt: Date
    /// The last activity seen in its transcripts.
    public var lastAccessedAt: Date
    public var sessionCount: Int?
    /// The directory's name under `~/.claude/projects`.
    public var encodedPath: String?

    public init(
        id: UUID, name: String, path: String, defaultModel: String = "sonnet", description: String? = nil,
        createdAt: Date, lastAccessedAt: Date, sessionCount: Int? = nil, encodedPath: String? = nil
    ) {
        self.id = id
        self.name = name
        self.path = path
        self.defaultModel = defaultModel
        self.description = description
        self.createdAt = createdAt
        self.lastAccessedAt = lastAccessedAt
        self.sessionCount = sessionCount
        self.encodedPath = encodedPath
    }
}
