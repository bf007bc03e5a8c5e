import Foundation

/// What a transcript says about its session, accumulated record by record.
package struct TranscriptFacts: Sendable, Hashable {
    /// The working directory of the session (the first record's `cwd`): the project's real path.
    package var cwd: String?
    /// The git branch of the latest record.
    package var gitBranch: String?
    /// The Claude Code version of the latest record.
    package var version: String?
    /// The model of the latest assistant message.
    package var model: String?
    /// The earliest record timestamp.
    package var createdAt: Date?
    /// The latest record timestamp.
    package var lastActivity: Date?
    /// The number of normalized messages.
    package var messageCount = 0
    /// The latest `custom-title` record (set with `claude -n` or `/rename`).
    package var customTitle: String?
    /// The latest `ai-title` record.
    package var aiTitle: String?
    /// The latest `summary` record (earlier CLI versions).
    package var summary: String?
    /// The first prompt the user typed.
    package var firstPrompt: String?

    /// Facts of an empty transcript.
    package init() {}

    /// The title: the custom title, else the AI title, else the summary, else the first prompt; whitespace
    /// collapsed, at most 120 characters.
    package var title: String? {
        for candidate in [customTitle, aiTitle, summary, firstPrompt] {
            if let candidate, let title = TextBounds.title(candidate) { return title }
        }
        return nil
    }

    mutating func absorb(_ record: TranscriptRecord) {
        if let timestamp = record.timestamp {
            if createdAt.map({ timestamp < $0 }) ?? true { createdAt = timestamp }
            if lastActivity.map({ timestamp > $0 }) ?? true { lastActivity = timestamp }
        }
        if cwd == nil, let value = record.cwd { cwd = value }
        if let value = record.gitBranch { gitBranch = value }
        if let value = record.version { version = value }
        if let value = record.customTitle { customTitle = value }
        if let value = record.aiTitle { aiTitle = value }
        if let value = record.summary { summary = value }
        if firstPrompt == nil, let value = record.prompt { firstPrompt = String(value.prefix(1000)) }
        for case .message(let message) in record.items where message.role == .assistant && message.model != nil {
            model = message.model
        }
    }
}
