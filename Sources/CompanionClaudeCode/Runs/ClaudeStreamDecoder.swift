import Foundation

/// Decodes stream-json lines into ``ClaudeStreamEvent``s. Never throws: a line that is not a JSON object with a
/// string `type` is counted in ``malformedLines`` and skipped; a well-formed line of an unknown type becomes
/// ``ClaudeStreamEvent/unknown(type:line:)``.
package struct ClaudeStreamDecoder: Sendable {
    /// Lines that could not be decoded so far.
    package private(set) var malformedLines = 0

    /// A decoder that has seen nothing.
    package init() {}

    /// The event of one line (without its newline); nil for a blank or malformed line.
    package mutating func decode(_ line: some StringProtocol) -> ClaudeStreamEvent? {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        guard let object = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [String: Any],
            let type = object["type"] as? String
        else {
            malformedLines += 1
            return nil
        }
        switch type {
        case "system":
            let subtype = object["subtype"] as? String ?? ""
            if subtype == "init", let sessionID = object["session_id"] as? String {
                return .initialized(
                    ClaudeSessionInfo(
                        sessionID: sessionID, model: object["model"] as? String,
                        workingDirectory: object["cwd"] as? String, tools: object["tools"] as? [String] ?? [],
                        permissionMode: object["permissionMode"] as? String,
                        claudeCodeVersion: object["claude_code_version"] as? String))
            }
            return .system(subtype: subtype)
        case "stream_event":
            return Self.streamEvent(object["event"] as? [String: Any] ?? [:])
        case "assistant", "user":
            let message = Self.message(object)
            return type == "assistant" ? .assistant(message) : .user(message)
        case "result":
            return .result(Self.result(object))
        default:
            return .unknown(type: type, line: trimmed)
        }
    }

    private static func streamEvent(_ event: [String: Any]) -> ClaudeStreamEvent {
        let type = event["type"] as? String ?? ""
        guard type == "content_block_delta", let delta = event["delta"] as? [String: Any] else {
            return .streamEvent(type: type)
        }
        let index = int(event["index"]) ?? 0
        let deltaType = delta["type"] as? String ?? ""
        switch deltaType {
        case "text_delta": return .textDelta(delta["text"] as? String ?? "", index: index)
        case "thinking_delta": return .thinkingDelta(delta["thinking"] as? String ?? "", index: index)
        case "input_json_delta": return .toolInputDelta(delta["partial_json"] as? String ?? "", index: index)
        default: return .streamEvent(type: deltaType)
        }
    }

    private static func message(_ object: [String: Any]) -> ClaudeMessage {
        let message = object["message"] as? [String: Any] ?? [:]
        var blocks: [ClaudeContentBlock] = []
        if let text = message["content"] as? String {
            blocks = [.text(text)]
        } else if let content = message["content"] as? [[String: Any]] {
            blocks = content.map(block)
        }
        return ClaudeMessage(
            id: message["id"] as? String, model: message["model"] as? String, content: blocks,
            parentToolUseID: object["parent_tool_use_id"] as? String,
            isAPIError: object["is_api_error_message"] as? Bool ?? (object["error"] != nil))
    }

    private static func block(_ block: [String: Any]) -> ClaudeContentBlock {
        let type = block["type"] as? String ?? ""
        switch type {
        case "text": return .text(block["text"] as? String ?? "")
        case "thinking": return .thinking(block["thinking"] as? String ?? "")
        case "tool_use":
            let input = block["input"] ?? [String: Any]()
            let json =
                (try? JSONSerialization.data(withJSONObject: input, options: [.sortedKeys, .fragmentsAllowed]))
                .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
            return .toolUse(id: block["id"] as? String ?? "", name: block["name"] as? String ?? "", inputJSON: json)
        case "tool_result":
            var text = block["content"] as? String ?? ""
            if let parts = block["content"] as? [[String: Any]] {
                text = parts.compactMap { $0["text"] as? String }.joined(separator: "\n")
            }
            return .toolResult(
                toolUseID: block["tool_use_id"] as? String ?? "", content: text,
                isError: block["is_error"] as? Bool ?? false)
        default: return .other(type: type)
        }
    }

    private static func result(_ object: [String: Any]) -> ClaudeResult {
        let usage = (object["usage"] as? [String: Any]).map {
            ClaudeUsage(
                inputTokens: int($0["input_tokens"]) ?? 0, outputTokens: int($0["output_tokens"]) ?? 0,
                cacheCreationInputTokens: int($0["cache_creation_input_tokens"]) ?? 0,
                cacheReadInputTokens: int($0["cache_read_input_tokens"]) ?? 0)
        }
        return ClaudeResult(
            subtype: object["subtype"] as? String ?? "", isError: object["is_error"] as? Bool ?? false,
            result: object["result"] as? String, sessionID: object["session_id"] as? String,
            durationMilliseconds: int(object["duration_ms"]), apiDurationMilliseconds: int(object["duration_api_ms"]),
            numberOfTurns: int(object["num_turns"]), totalCostUSD: (object["total_cost_usd"] as? NSNumber)?.doubleValue,
            usage: usage, terminalReason: object["terminal_reason"] as? String,
            apiErrorStatus: int(object["api_error_status"]))
    }

    private static func int(_ value: Any?) -> Int? {
        if let value = value as? Int { return value }
        if let value = value as? Double, value.isFinite, abs(value) < 1e15 { return Int(value) }
        return nil
    }
}
