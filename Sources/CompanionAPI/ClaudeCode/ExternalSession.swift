import Foundation

/// A session found in the workstation's transcripts (`ExternalSession` of the ILS app), as
/// `GET /sessions/scan` lists them.
public struct ExternalSession: Codable, Sendable, Equatable {
    public var claudeSessionId: String
    public var name: String?
    public var projectPath: String?
    public var encodedProjectPath: String?
    public var projectName: String?
    public var source: SessionSource
    public var lastActiveAt: Date?
    public var createdAt: Date?
    public var messageCount: Int?
    public var firstPrompt: String?
    public var summary: String?
    public var gitBranch: String?

    public init(
        claudeSessionId: String, name: String? = nil, projectPath: String? = nil, encodedProjectPath: String? = nil,
        projectName: String? = nil, source: SessionSource = .external, lastActiveAt: Date? = nil,
        createdAt: Date? = nil, messageCount: Int? = nil, firstPrompt: String? = nil, summary: String? = nil,
        gitBranch: String? = nil
    ) {
        self.claudeSessionId = claudeSessionId
        self.name = name
        self.projectPath = projectPath
        self.encodedProjectPath = encodedProjectPath
        self.projectName = projectName
        self.source = source
        self.lastActiveAt = lastActiveAt
        self.createdAt = createdAt
        self.messageCount = messageCount
        self.firstPrompt = firstPrompt
        self.summary = summary
        self.gitBranch = gitBranch
    }
}

/// `GET /sessions/scan`: the external sessions and the directories scanned.
public struct SessionScanResponse: Codable, Sendable {
    public var items: [ExternalSession]
    public var scannedPaths: [String]
    public var total: Int

    public init(items: [ExternalSession], scannedPaths: [String], total: Int? = nil) {
        self.items = items
        self.scannedPaths = scannedPaths
        self.total = total ?? items.count
    }
}

/// `GET /stats/recent`: the most recently active sessions.
public struct RecentSessionsResponse: Codable, Sendable {
    public var items: [ChatSession]
    public var total: Int

    public init(items: [ChatSession], total: Int? = nil) {
        self.items = items
        self.total = total ?? items.count
    }
}
