import Foundation

/// `POST /sessions`: a new session the sidecar runs; its options are kept for its first message.
public struct CreateSessionRequest: Codable, Sendable, Equatable {
    public var projectId: UUID?
    public var name: String?
    public var model: String?
    public var permissionMode: PermissionMode?
    public var systemPrompt: String?
    public var maxBudgetUSD: Double?
    public var maxTurns: Int?
    /// Model used when the main one is overloaded (`--fallback-model`).
    public var fallbackModel: String?

    public init(
        projectId: UUID? = nil, name: String? = nil, model: String? = nil, permissionMode: PermissionMode? = nil,
        systemPrompt: String? = nil, maxBudgetUSD: Double? = nil, maxTurns: Int? = nil, fallbackModel: String? = nil
    ) {
        self.projectId = projectId
        self.name = name
        self.model = model
        self.permissionMode = permissionMode
        self.systemPrompt = systemPrompt
        self.maxBudgetUSD = maxBudgetUSD
        self.maxTurns = maxTurns
        self.fallbackModel = fallbackModel
    }
}

/// `POST /chat/stream`: send a prompt, in an existing session (`sessionId`) or a new one (in `projectId`).
public struct ChatStreamRequest: Codable, Sendable, Equatable {
    public var prompt: String
    public var sessionId: UUID?
    public var projectId: UUID?
    public var options: ChatOptions?

    public init(prompt: String, sessionId: UUID? = nil, projectId: UUID? = nil, options: ChatOptions? = nil) {
        self.prompt = prompt
        self.sessionId = sessionId
        self.projectId = projectId
        self.options = options
    }
}

/// The run options of a chat message (`ChatOptions` of the ILS app). Every field is optional; the sidecar
/// validates each before anything is started and refuses the ones it does not support with a 400 that says so.
public struct ChatOptions: Codable, Sendable, Equatable {
    public var model: String?
    public var permissionMode: PermissionMode?
    public var maxTurns: Int?
    public var maxBudgetUSD: Double?
    public var allowedTools: [String]?
    public var disallowedTools: [String]?
    /// A Claude session id to continue (the app sends it for sessions it knows).
    public var resume: String?
    public var forkSession: Bool?
    public var systemPrompt: String?
    public var appendSystemPrompt: String?
    public var addDirs: [String]?
    public var continueConversation: Bool?
    public var includePartialMessages: Bool?
    public var noSessionPersistence: Bool?
    public var inputFormat: String?
    public var agent: String?
    public var betas: [String]?
    public var debug: Bool?

    public init(
        model: String? = nil, permissionMode: PermissionMode? = nil, maxTurns: Int? = nil,
        maxBudgetUSD: Double? = nil, allowedTools: [String]? = nil, disallowedTools: [String]? = nil,
        resume: String? = nil, forkSession: Bool? = nil, systemPrompt: String? = nil,
        appendSystemPrompt: String? = nil, addDirs: [String]? = nil
    ) {
        self.model = model
        self.permissionMode = permissionMode
        self.maxTurns = maxTurns
        self.maxBudgetUSD = maxBudgetUSD
        self.allowedTools = allowedTools
        self.disallowedTools = disallowedTools
        self.resume = resume
        self.forkSession = forkSession
        self.systemPrompt = systemPrompt
        self.appendSystemPrompt = appendSystemPrompt
        self.addDirs = addDirs
    }
}
