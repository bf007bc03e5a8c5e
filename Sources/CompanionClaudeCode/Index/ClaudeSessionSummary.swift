import Foundation

/// A Claude Code session as the index knows it: one top-level transcript, `<project>/<claudeSessionId>.jsonl`.
public struct ClaudeSessionSummary: Sendable, Hashable, Codable {
    /// The session id (the file name without `.jsonl`; what `claude --resume` takes).
    public var claudeSessionId: String
    /// The id of its project.
    public var projectID: UUID
    /// Its project directory's name under `projects`.
    public var encodedProjectPath: String
    /// The session's working directory (its first record's `cwd`).
    public var cwd: String?
    /// The git branch of its latest record.
    public var gitBranch: String?
    /// The title (``TranscriptFacts/title``: custom title, AI title, summary or first prompt).
    public var title: String?
    /// The first prompt the user typed, trimmed and bounded like the title.
    public var firstPrompt: String?
    /// The earliest record timestamp.
    public var createdAt: Date?
    /// The latest record timestamp.
    public var lastActivity: Date?
    /// The number of normalized messages.
    public var messageCount: Int
    /// The model of the latest assistant message.
    public var model: String?
    /// The Claude Code version of the latest record.
    public var version: String?
    /// The bytes of the transcript indexed so far.
    public var indexedBytes: Int64
    /// Lines skipped as malformed or oversized.
    public var skippedLineCount: Int

    /// A session summary built from its transcript's facts.
    public init(
        claudeSessionId: String, projectID: UUID, encodedProjectPath: String, facts: TranscriptFacts,
        indexedBytes: Int64, skippedLineCount: Int
    ) {
        self.claudeSessionId = claudeSessionId
        self.projectID = projectID
        self.encodedProjectPath = encodedProjectPath
        cwd = facts.cwd
        gitBranch = facts.gitBranch
        title = facts.title
        firstPrompt = facts.firstPrompt.flatMap { TextBounds.title($0) }
        createdAt = facts.createdAt
        lastActivity = facts.lastActivity
        messageCount = facts.messageCount
        model = facts.model
        version = facts.version
        self.indexedBytes = indexedBytes
        self.skippedLineCount = skippedLineCount
    }

    /// A session summary from its fields.
    public init(
        claudeSessionId: String, projectID: UUID, encodedProjectPath: String, cwd: String?, gitBranch: String?,
        title: String?, firstPrompt: String?, createdAt: Date?, lastActivity: Date?, messageCount: Int,
        model: String?, version: String?, indexedBytes: Int64, skippedLineCount: Int
    ) {
        self.claudeSessionId = claudeSessionId
        self.projectID = projectID
        self.encodedProjectPath = encodedProjectPath
        self.cwd = cwd
        self.gitBranch = gitBranch
        self.title = title
        self.firstPrompt = firstPrompt
        self.createdAt = createdAt
        self.lastActivity = lastActivity
        self.messageCount = messageCount
        self.model = model
        self.version = version
        self.indexedBytes = indexedBytes
        self.skippedLineCount = skippedLineCount
    }
}
