import Foundation

/// A Claude Code session as the index knows it: one top-level transcript, `<project>/<claudeSessionId>.jsonl`.
package struct ClaudeSessionSummary: Sendable, Hashable, Codable {
    /// The session id (the file name without `.jsonl`; what `claude --resume` takes).
    package var claudeSessionId: String
    /// The id of its project.
    package var projectID: UUID
    /// Its project directory's name under `projects`.
    package var encodedProjectPath: String
    /// The session's working directory (its first record's `cwd`).
    package var cwd: String?
    /// The git branch of its latest record.
    package var gitBranch: String?
    /// The title (``TranscriptFacts/title``: custom title, AI title, summary or first prompt).
    package var title: String?
    /// The first prompt the user typed, trimmed and bounded like the title.
    package var firstPrompt: String?
    /// The earliest record timestamp.
    package var createdAt: Date?
    /// The latest record timestamp.
    package var lastActivity: Date?
    /// The number of normalized messages.
    package var messageCount: Int
    /// The model of the latest assistant message.
    package var model: String?
    /// The Claude Code version of the latest record.
    package var version: String?
    /// The bytes of the transcript indexed so far.
    package var indexedBytes: Int64
    /// Lines skipped as malformed or oversized.
    package var skippedLineCount: Int

    /// A session summary built from its transcript's facts.
    package init(
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
    package init(
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
