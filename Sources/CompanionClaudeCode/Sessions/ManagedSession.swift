import Foundation

/// A chat session the sidecar runs (the ILS app's "ILS session"): created by a paired device, continued with
/// `--resume`, forkable. Its history is Claude Code's own transcript (found through ``claudeSessionId``); the
/// sidecar keeps only what Claude Code does not know: the name, the options and the state.
package struct ManagedSession: Sendable, Equatable, Identifiable {
    package var id: UUID
    /// Claude Code's session id, known once the first run has said it (`system/init`).
    package var claudeSessionId: String?
    package var name: String?
    /// The directory runs start in (the project's real path); nil runs in the sidecar user's home directory.
    package var projectPath: String?
    package var options: SessionOptions
    package var status: Status
    /// Messages exchanged (user prompts and assistant answers), counted as runs report them.
    package var messageCount: Int
    package var totalCostUSD: Double?
    /// The session this one was forked from.
    package var forkedFrom: UUID?
    /// The Claude session whose history this fork starts with, until its first run has forked it
    /// (`--resume <id> --fork-session`); nil once the fork has its own ``claudeSessionId``.
    package var forkOf: String?
    package var createdAt: Date
    package var lastActiveAt: Date

    /// Where a session stands.
    package enum Status: String, Sendable, CaseIterable {
        /// A run is streaming now.
        case active
        case completed
        case cancelled
        case error
    }

    package init(
        id: UUID = UUID(), claudeSessionId: String? = nil, name: String? = nil, projectPath: String? = nil,
        options: SessionOptions, status: Status = .completed, messageCount: Int = 0, totalCostUSD: Double? = nil,
        forkedFrom: UUID? = nil, forkOf: String? = nil, createdAt: Date, lastActiveAt: Date
    ) {
        self.id = id
        self.claudeSessionId = claudeSessionId
        self.name = name
        self.projectPath = projectPath
        self.options = options
        self.status = status
        self.messageCount = messageCount
        self.totalCostUSD = totalCostUSD
        self.forkedFrom = forkedFrom
        self.forkOf = forkOf
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt
    }
}

/// The options a session was created with, used for each of its runs unless a message overrides them.
package struct SessionOptions: Sendable, Equatable, Codable {
    /// A model alias (`sonnet`, `opus`, `haiku`) or full model id; nil leaves Claude Code's default.
    package var model: String?
    /// Claude Code's `--permission-mode` value; nil leaves its default.
    package var permissionMode: String?
    package var systemPrompt: String?
    package var maxBudgetUSD: Double?
    package var maxTurns: Int?
    package var fallbackModel: String?

    package init(
        model: String? = nil, permissionMode: String? = nil, systemPrompt: String? = nil,
        maxBudgetUSD: Double? = nil, maxTurns: Int? = nil, fallbackModel: String? = nil
    ) {
        self.model = model
        self.permissionMode = permissionMode
        self.systemPrompt = systemPrompt
        self.maxBudgetUSD = maxBudgetUSD
        self.maxTurns = maxTurns
        self.fallbackModel = fallbackModel
    }
}
