/// The `message.content` of user and assistant records (a string, or an array of blocks) as messages.
enum ContentParser {
    static func user(_ content: RawContent, compactSummary: Bool, into record: inout TranscriptRecord, uuid: String?) {
        if compactSummary {
            let text = UserContentCleaner.removing(tag: "system-reminder", from: plainText(content)).trimmingWhitespace
            record.items.append(.message(TranscriptLineParser.notice(text, record, uuid)))
            return
        }
        switch content {
        case .text(let text):
            userText(text, into: &record, uuid: uuid)
        case .blocks(let blocks):
            for block in blocks {
                switch block.type {
                case "text":
                    if let text = block.text { userText(text, into: &record, uuid: uuid) }
                case "image":
                    record.items.append(
                        .message(
                            TranscriptMessage(role: .user, text: "[image]", timestamp: record.timestamp, uuid: uuid)))
                case "tool_result":
                    guard let id = block.toolUseId else { continue }
                    let (text, cut) = TextBounds.clip(block.content.map(plainText) ?? "")
                    record.items.append(
                        .toolResult(
                            .init(
                                toolUseId: id, text: text, isError: block.isError ?? false, isTruncated: cut,
                                timestamp: record.timestamp, uuid: uuid)))
                default:
                    continue
                }
            }
        }
    }

    static func assistant(_ content: RawContent, model: String?, into record: inout TranscriptRecord, uuid: String?) {
        func message(_ kind: TranscriptMessage.Kind, _ text: String) -> TranscriptMessage {
            let (clipped, cut) = TextBounds.clip(text)
            return TranscriptMessage(
                role: .assistant, kind: kind, text: clipped, timestamp: record.timestamp, uuid: uuid, model: model,
                isTruncated: cut)
        }
        guard case .blocks(let blocks) = content else {
            if case .text(let text) = content { record.items.append(.message(message(.text, text))) }
            return
        }
        for block in blocks {
            switch block.type {
            case "text":
                if let text = block.text, !text.isEmpty { record.items.append(.message(message(.text, text))) }
            case "thinking":
                if let text = block.thinking, !text.isEmpty { record.items.append(.message(message(.thinking, text))) }
            case "redacted_thinking":
                record.items.append(.message(message(.thinking, "[redacted thinking]")))
            case "tool_use", "server_tool_use":
                var use = message(.toolUse, "")
                use.toolName = block.name
                use.toolUseId = block.id
                let (input, cut) = TextBounds.clip(block.input?.text ?? "{}")
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

    /// Content as text: a string as is, blocks' texts joined by newlines, images as `[image]`.
    static func plainText(_ content: RawContent) -> String {
        switch content {
        case .text(let text):
            return text
        case .blocks(let blocks):
            return blocks.compactMap { block in block.text ?? (block.type == "image" ? "[image]" : nil) }
                .joined(separator: "\n")
        }
    }
}
