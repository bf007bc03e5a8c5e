import Foundation

/// A chat session the sidecar runs (the ILS app's "ILS session"): created by a paired device, continued with
/// `--resume`, forkable. Its history is Claude Code's own transcript (found through ``claudeSessionId``); the
/// sidecar keeps only what Claude Code does not know: the name, the options and the state.
public struct ManagedSession: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// Claude Code's session id, known once the first run has said it (`system/init`).
    public var claudeSessionId: String?
    public var name: String?
    /// The directory runs start in (the project's real path); nil runs in the sidecar user's home directory.
    public var projectPath: String?
    public var options: SessionOptions
    public var status: Status
    /// Messages exchanged (user prompts and assistant answers), counted as runs report them.
    public var messageCount: Int
    public var totalCostUSD: Double?
    /// The session this one was forked from.
    public var forkedFrom: UUID?
    /// The Claude session whose history this fork starts with, until its first run has forked it
    /// (`--resume <id> --fork-session`); nil once the fork has its own ``claudeSessionId``.
    public var forkOf: String?
    public var createdAt: Date
    public var lastActiveAt: Date

    /// Where a session stands.
    public enum Status: String, Sendable, CaseIterable {
        /// A run is streaming now.
        case active
        case completed
        case cancelled
        case error
    }

    public init(
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
public struct SessionOptions: Sendable, Equatable, Codable {
    /// A model alias (`sonnet`, `opus`, `haiku`) or full model id; nil leaves Claude Code's default.
    public var model: String?
    /// Claude Code's `--permission-mode` value; nil leaves its default.
    public var permissionMode: String?
    public var systemPrompt: String?
    public var maxBudgetUSD: Double?
    public var maxTurns: Int?
    public var fallbackModel: String?

    public init(
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
