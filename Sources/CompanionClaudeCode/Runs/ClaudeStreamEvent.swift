/// One line of `claude -p --output-format stream-json --verbose --include-partial-messages`, decoded.
package enum ClaudeStreamEvent: Sendable, Equatable {
    /// `system/init`: the session the run writes to, and what it runs with.
    case initialized(ClaudeSessionInfo)
    /// Another `system` line (`status`, `thinking_tokens`, `compact_boundary`, …), by subtype.
    case system(subtype: String)
    /// A piece of answer text (`stream_event` / `content_block_delta` / `text_delta`).
    case textDelta(String, index: Int)
    /// A piece of thinking (`thinking_delta`).
    case thinkingDelta(String, index: Int)
    /// A piece of a tool call's input JSON (`input_json_delta`).
    case toolInputDelta(String, index: Int)
    /// Another `stream_event` (`message_start`, `content_block_start`, `content_block_stop`, `message_delta`,
    /// `message_stop`, `signature_delta`, …), by its type (the delta's type for deltas).
    case streamEvent(type: String)
    /// A complete assistant message (one per content block with partial messages on).
    case assistant(ClaudeMessage)
    /// A user message: tool results, or Claude Code's own notes such as `[Request interrupted by user]`.
    case user(ClaudeMessage)
    /// The run's last line: how it ended.
    case result(ClaudeResult)
    /// A line of a type this decoder does not know; kept whole so nothing is lost.
    case unknown(type: String, line: String)
}

/// What `system/init` says about the run.
package struct ClaudeSessionInfo: Sendable, Equatable {
    /// Claude Code's session id (the transcript is `<projects>/<encoded cwd>/<sessionID>.jsonl`).
    package let sessionID: String
    /// The model the run uses.
    package let model: String?
    /// The run's working directory (`cwd`).
    package let workingDirectory: String?
    /// The tools available to the agent.
    package let tools: [String]
    /// `default`, `acceptEdits`, …
    package let permissionMode: String?
    /// e.g. `2.1.330`.
    package let claudeCodeVersion: String?

    /// Creates a value.
    package init(
        sessionID: String, model: String?, workingDirectory: String?, tools: [String], permissionMode: String?,
        claudeCodeVersion: String?
    ) {
        self.sessionID = sessionID
        self.model = model
        self.workingDirectory = workingDirectory
        self.tools = tools
        self.permissionMode = permissionMode
        self.claudeCodeVersion = claudeCodeVersion
    }
}

/// An assistant or user message of the stream.
package struct ClaudeMessage: Sendable, Equatable {
    /// The API message id (assistant), if any.
    package let id: String?
    /// The model that wrote it (assistant; `<synthetic>` for Claude Code's own).
    package let model: String?
    /// Its content blocks, in order.
    package let content: [ClaudeContentBlock]
    /// Set for messages of a subagent (the Task tool use that started it).
    package let parentToolUseID: String?
    /// True for the synthetic assistant message Claude Code writes when the API failed.
    package let isAPIError: Bool

    /// Creates a value.
    package init(
        id: String?, model: String?, content: [ClaudeContentBlock], parentToolUseID: String?, isAPIError: Bool
    ) {
        self.id = id
        self.model = model
        self.content = content
        self.parentToolUseID = parentToolUseID
        self.isAPIError = isAPIError
    }

    /// The text blocks joined.
    package var text: String {
        content.compactMap { if case .text(let text) = $0 { text } else { nil } }.joined()
    }
}

/// A content block of a message.
package enum ClaudeContentBlock: Sendable, Equatable {
    /// Text.
    case text(String)
    /// Thinking text.
    case thinking(String)
    /// A tool call; `inputJSON` is the input object as compact JSON.
    case toolUse(id: String, name: String, inputJSON: String)
    /// A tool's answer; `content` is its text (text parts joined).
    case toolResult(toolUseID: String, content: String, isError: Bool)
    /// Any other block type (image, document, redacted thinking, …).
    case other(type: String)
}

/// The `result` line.
package struct ClaudeResult: Sendable, Equatable {
    /// `success`, `error_during_execution`, `error_max_turns`, `error_max_budget_usd`, …
    package let subtype: String
    /// True when the run failed (API error, interrupted, limits).
    package let isError: Bool
    /// The answer's text, or the error's.
    package let result: String?
    /// The session the run wrote to.
    package let sessionID: String?
    /// Wall time of the run.
    package let durationMilliseconds: Int?
    /// Time spent in API calls.
    package let apiDurationMilliseconds: Int?
    /// Model turns taken.
    package let numberOfTurns: Int?
    /// Cost as Claude Code computed it.
    package let totalCostUSD: Double?
    /// Token counts.
    package let usage: ClaudeUsage?
    /// e.g. `completed`, `aborted_streaming`, `api_error`.
    package let terminalReason: String?
    /// The HTTP status of a failed API call.
    package let apiErrorStatus: Int?

    /// Creates a value.
    package init(
        subtype: String, isError: Bool, result: String?, sessionID: String?, durationMilliseconds: Int?,
        apiDurationMilliseconds: Int?, numberOfTurns: Int?, totalCostUSD: Double?, usage: ClaudeUsage?,
        terminalReason: String?, apiErrorStatus: Int?
    ) {
        self.subtype = subtype
        self.isError = isError
        self.result = result
        self.sessionID = sessionID
        self.durationMilliseconds = durationMilliseconds
        self.apiDurationMilliseconds = apiDurationMilliseconds
        self.numberOfTurns = numberOfTurns
        self.totalCostUSD = totalCostUSD
        self.usage = usage
        self.terminalReason = terminalReason
        self.apiErrorStatus = apiErrorStatus
    }
}

/// Token counts of a result.
package struct ClaudeUsage: Sendable, Equatable {
    /// Input tokens not read from or written to the cache.
    package let inputTokens: Int
    /// Output tokens.
    package let outputTokens: Int
    /// Input tokens written to the prompt cache.
    package let cacheCreationInputTokens: Int
    /// Input tokens read from the prompt cache.
    package let cacheReadInputTokens: Int

    /// Creates a value.
    package init(inputTokens: Int, outputTokens: Int, cacheCreationInputTokens: Int, cacheReadInputTokens: Int) {
        self.inputTokens = inputTokens
        self.outputTokens = outputTokens
        self.cacheCreationInputTokens = cacheCreationInputTokens
        self.cacheReadInputTokens = cacheReadInputTokens
    }
}
