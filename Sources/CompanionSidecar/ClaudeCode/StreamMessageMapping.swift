import CompanionAPI
import CompanionClaudeCode
import Foundation

/// From the decoded stream-json of a run to the app's `StreamMessage`s.
enum StreamMessageMapping {
    /// The stream message of `event`, or nil for lines the app has no use for (other system lines, the
    /// stream's bookkeeping events, unknown lines).
    static func message(_ event: ClaudeStreamEvent) -> StreamMessage? {
        switch event {
        case .initialized(let info):
            return .system(
                SystemMessage(
                    subtype: "init",
                    data: SystemData(
                        sessionId: info.sessionID, tools: info.tools, model: info.model, cwd: info.workingDirectory)))
        case .textDelta(let text, let index):
            return .streamEvent(
                StreamEventMessage(eventType: "content_block_delta", index: index, delta: .textDelta(text)))
        case .thinkingDelta(let text, let index):
            return .streamEvent(
                StreamEventMessage(eventType: "content_block_delta", index: index, delta: .thinkingDelta(text)))
        case .toolInputDelta(let json, let index):
            return .streamEvent(
                StreamEventMessage(eventType: "content_block_delta", index: index, delta: .inputJsonDelta(json)))
        case .assistant(let message):
            let blocks = message.content.compactMap(block)
            return blocks.isEmpty ? nil : .assistant(AssistantMessage(content: blocks))
        case .user(let message):
            let blocks = message.content.compactMap(block)
            return blocks.isEmpty ? nil : .user(UserMessage(content: blocks))
        case .result(let result):
            return .result(self.result(result, cancelled: false))
        case .system, .streamEvent, .unknown:
            return nil
        }
    }

    static func result(_ result: ClaudeResult, cancelled: Bool) -> ResultMessage {
        ResultMessage(
            subtype: cancelled ? "cancelled" : result.subtype, sessionId: result.sessionID ?? "",
            durationMs: result.durationMilliseconds, durationApiMs: result.apiDurationMilliseconds,
            isError: cancelled ? false : result.isError, numTurns: result.numberOfTurns,
            totalCostUSD: result.totalCostUSD,
            usage: result.usage.map {
                UsageInfo(
                    inputTokens: $0.inputTokens, outputTokens: $0.outputTokens,
                    cacheReadInputTokens: $0.cacheReadInputTokens,
                    cacheCreationInputTokens: $0.cacheCreationInputTokens)
            }, result: result.result)
    }

    private static func block(_ block: ClaudeContentBlock) -> ContentBlock? {
        switch block {
        case .text(let text): return .text(TextBlock(text: text))
        case .thinking(let text): return .thinking(ThinkingBlock(thinking: text))
        case .toolUse(let id, let name, let input):
            let value = (try? JSONDecoder().decode(ArbitraryJSON.self, from: Data(input.utf8))) ?? .object([:])
            return .toolUse(ToolUseBlock(id: id, name: name, input: value))
        case .toolResult(let id, let content, let isError):
            return .toolResult(ToolResultBlock(toolUseId: id, content: content, isError: isError))
        case .other: return nil
        }
    }

    /// The last frames of a run that ended without a `result` line the app could show: a `result` saying it
    /// was cancelled, or an `error` saying why it failed.
    static func ending(_ outcome: ClaudeRunOutcome) -> [StreamMessage] {
        if outcome.cancelled {
            let result = outcome.result.map { self.result($0, cancelled: true) }
            return [
                .result(
                    result
                        ?? ResultMessage(subtype: "cancelled", sessionId: outcome.sessionID ?? "", isError: false))
            ]
        }
        if outcome.result != nil { return [] }
        let reason =
            outcome.failure ?? "Claude Code ended without an answer"
            + (outcome.exitStatus.map { " (exit status \($0))" } ?? outcome.signal.map { " (signal \($0))" } ?? "")
        return [.error(StreamError(code: "RUN_FAILED", message: reason))]
    }
}
