import Foundation

/// The `message.content` of user and assistant records (a string, or an array of blocks) as messages.
enum ContentParser {
    static func user(_ content: Any, compactSummary: Bool, into record: inout TranscriptRecord, uuid: String?) {
        if compactSummary {
            if let raw = content as? String ?? blocksText(content) {
                let text = UserContentCleaner.removing(tag: "system-reminder", from: raw).trimmingWhitespace
                record.items.append(.message(TranscriptLineParser.notice(text, record, uuid)))
            }
            return
        }
        if let text = content as? String {
            userText(text, into: &record, uuid: uuid)
            return
        }
        guard let blocks = content as? [Any] else { return }
        for case let block as [String: Any] in blocks {
            switch block["type"] as? String {
            case "text":
                if let text = block["text"] as? String { userText(text, into: &record, uuid: uuid) }
            case "image":
                record.items.append(
                    .message(
                        TranscriptMessage(
                            role: .user, text: "[image]", timestamp: record.timestamp, uuid: uuid)))
            case "tool_result":
                guard let id = block["tool_use_id"] as? String else { continue }
                let (text, cut) = TextBounds.clip(resultText(block["content"]))
                record.items.append(
                    .toolResult(
                        .init(
                            toolUseId: id, text: text, isError: block["is_error"] as? Bool ?? false, isTruncated: cut,
                            timestamp: record.timestamp, uuid: uuid)))
            default:
                continue
            }
        }
    }

    static func assistant(_ content: Any, model: String?, into record: inout TranscriptRecord, uuid: String?) {
        func message(_ kind: TranscriptMessage.Kind, _ text: String) -> TranscriptMessage {
            let (clipped, cut) = TextBounds.clip(text)
            return TranscriptMessage(
                role: .assistant, kind: kind, text: clipped, timestamp: record.timestamp, uuid: uuid, model: model,
                isTruncated: cut)
        }
        if let text = content as? String {
            record.items.append(.message(message(.text, text)))
            return
        }
        guard let blocks = content as? [Any] else { return }
        for case let block as [String: Any] in blocks {
            switch block["type"] as? String {
            case "text":
                if let text = block["text"] as? String, !text.isEmpty {
                    record.items.append(.message(message(.text, text)))
                }
            case "thinking":
                if let text = block["thinking"] as? String, !text.isEmpty {
                    record.items.append(.message(message(.thinking, text)))
                }
            case "redacted_thinking":
                record.items.append(.message(message(.thinking, "[redacted thinking]")))
            case "tool_use", "server_tool_use":
                var use = message(.toolUse, "")
                use.toolName = block["name"] as? String
                use.toolUseId = block["id"] as? String
                let (input, cut) = TextBounds.clip(jsonText(block["input"] ?? [String: Any]()))
                use.toolInput = input
                use.isTruncated = cut
                record.items.append(.message(use))
            default:
                continue
            }
        }
    }

    private static func userText(_ raw: String, into record: inout TranscriptRecord, uuid: String?) {
        switch UserContentCleaner.clean(raw) {
        case .hidden:
            return
        case .notice(let text):
            record.items.append(.message(TranscriptLineParser.notice(text, record, uuid)))
        case .prompt(let text):
            let (clipped, cut) = TextBounds.clip(text)
            record.items.append(
                .message(
                    TranscriptMessage(
                        role: .user, text: clipped, timestamp: record.timestamp, uuid: uuid, isTruncated: cut)))
            if record.prompt == nil { record.prompt = text }
        }
    }

    /// A tool result's content (a string, or text and image blocks) as text.
    static func resultText(_ content: Any?) -> String {
        if let text = content as? String { return text }
        return blocksText(content) ?? ""
    }

    private static func blocksText(_ content: Any?) -> String? {
        guard let blocks = content as? [Any] else { return nil }
        var parts: [String] = []
        for case let block as [String: Any] in blocks {
            if let text = block["text"] as? String {
                parts.append(text)
            } else if block["type"] as? String == "image" {
                parts.append("[image]")
            }
        }
        return parts.joined(separator: "\n")
    }

    static func jsonText(_ value: Any) -> String {
        guard JSONSerialization.isValidJSONObject(value) || value is String || value is NSNumber,
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
