import Foundation

/// A chat session as the ILS app shows it (`ChatSession` of its shared models): one the sidecar created
/// (`source: ils`, resumable) or one found in the workstation's transcripts (`source: external`, read-only).
public struct ChatSession: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    /// Claude Code's own session id (the transcript's file name), once the first run has started.
    public var claudeSessionId: String?
    public var name: String?
    public var projectId: UUID?
    public var projectName: String?
    public var model: String
    public var permissionMode: PermissionMode
    public var status: SessionStatus
    public var messageCount: Int
    public var totalCostUSD: Double?
    public var source: SessionSource
    public var forkedFrom: UUID?
    public var createdAt: Date
    public var lastActiveAt: Date
    /// The transcript's directory name under `~/.claude/projects` (for `GET /sessions/transcript/…`).
    public var encodedProjectPath: String?
    public var firstPrompt: String?

    public init(
        id: UUID, claudeSessionId: String? = nil, name: String? = nil, projectId: UUID? = nil,
        projectName: String? = nil, model: String, permissionMode: PermissionMode = .default,
        status: SessionStatus, messageCount: Int, totalCostUSD: Double? = nil, source: SessionSource,
        forkedFrom: UUID? = nil, createdAt: Date, lastActiveAt: Date, encodedProjectPath: String? = nil,
        firstPrompt: String? = nil
    ) {
        self.id = id
        self.claudeSessionId = claudeSessionId
        self.name = name
        self.projectId = projectId
        self.projectName = projectName
        self.model = model
        self.permissionMode = permissionMode
        self.status = status
        self.messageCount = messageCount
        self.totalCostUSD = totalCostUSD
        self.source = source
        self.forkedFrom = forkedFrom
        self.createdAt = createdAt
        self.lastActiveAt = lastActiveAt
        self.encodedProjectPath = encodedProjectPath
        self.firstPrompt = firstPrompt
    }
}

/// Where a session stands.
public enum SessionStatus: String, Codable, Sendable, CaseIterable {
    /// A run is streaming now.
    case active
    case completed
    case cancelled
    case error
}

/// Who created a session: the sidecar (`ils`, named after the app whose contract we serve) or Claude Code
/// elsewhere (`external`).
public enum SessionSource: String, Codable, Sendable, CaseIterable {
    case ils
    case external
}

/// Claude Code's permission modes (`--permission-mode`).
public enum PermissionMode: String, Codable, Sendable, CaseIterable {
    case `default`
    case acceptEdits
    case plan
    case bypassPermissions
    case delegate
    case dontAsk
}
