/// The end of a run (`ResultMessage` of the ILS app): how it ended, its cost and usage, and the final text.
public struct ResultMessage: Codable, Sendable, Equatable {
    public var type: String = "result"
    /// `success`, or Claude Code's error subtypes (`error_max_turns`, `error_during_execution`…), or
    /// `cancelled` when the person stopped it.
    public var subtype: String
    public var sessionId: String
    public var durationMs: Int?
    public var durationApiMs: Int?
    public var isError: Bool
    public var numTurns: Int?
    public var totalCostUSD: Double?
    public var usage: UsageInfo?
    public var result: String?
    public var modelUsage: [String: ModelUsageEntry]?

    public init(
        subtype: String, sessionId: String, durationMs: Int? = nil, durationApiMs: Int? = nil, isError: Bool,
        numTurns: Int? = nil, totalCostUSD: Double? = nil, usage: UsageInfo? = nil, result: String? = nil,
        modelUsage: [String: ModelUsageEntry]? = nil
    ) {
        self.subtype = subtype
        self.sessionId = sessionId
        self.durationMs = durationMs
        self.durationApiMs = durationApiMs
        self.isError = isError
        self.numTurns = numTurns
        self.totalCostUSD = totalCostUSD
        self.usage = usage
        self.result = result
        self.modelUsage = modelUsage
    }
}

/// Token counts of a run.
public struct UsageInfo: Codable, Sendable, Equatable {
    public var inputTokens: Int
    public var outputTokens: Int
    public var cacheReadInputTokens: Int?
    public var cacheCreationInputTokens: Int?
    public init(
        inputTokens: Int, outputTokens: Int, cacheReadInputTokens: Int? = nil, cacheCreationInputTokens: Int? = nil
    ) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.cacheReadInputTokens = cacheReadInputTokens
        self.cacheCreationInputTokens = cacheCreationInputTokens
    }
}

/// Usage of one model within a run.
public struct ModelUsageEntry: Codable, Sendable, Equatable {
    public var inputTokens: Int?
    public var outputTokens: Int?
    public var costUSD: Double?
    public var contextWindow: Int?
    public init(inputTokens: Int? = nil, outputTokens: Int? = nil, costUSD: Double? = nil, contextWindow: Int? = nil) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.costUSD = costUSD
        self.contextWindow = contextWindow
    }
}
