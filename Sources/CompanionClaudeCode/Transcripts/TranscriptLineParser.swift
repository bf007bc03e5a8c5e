import Foundation

/// Turns one transcript line into a ``TranscriptLine``. Only the record types that carry conversation or session
/// facts are parsed (`user`, `assistant`, `system`, `custom-title`, `ai-title`, `summary`); the others are
/// recognised by their top-level `type` without parsing (``RecordTypeScanner``).
enum TranscriptLineParser {
    static let parsedTypes: Set<String> = ["user", "assistant", "system", "custom-title", "ai-title", "summary"]

    static func parse(_ line: UnsafeRawBufferPointer) -> TranscriptLine {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .skipped }
        if let type = RecordTypeScanner.type(of: line), !parsedTypes.contains(type) { return .skipped }
        let data = Data(line)
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let type = object["type"] as? String
        else { return .malformed }
        return parse(object, type: type)
    }

    static func parse(_ object: [String: Any], type: String) -> TranscriptLine {
        var record = TranscriptRecord()
        switch type {
        case "custom-title":
            guard let title = object["customTitle"] as? String else { return .malformed }
            record.customTitle = title
            return .record(record)
        case "ai-title":
            guard let title = object["aiTitle"] as? String else { return .malformed }
            record.aiTitle = title
            return .record(record)
        case "summary":
            guard let summary = object["summary"] as? String else { return .malformed }
            record.summary = summary
            return .record(record)
        case "user", "assistant", "system":
            break
        default:
            return .skipped
        }
        if object["isSidechain"] as? Bool == true { return .skipped }
        record.timestamp = (object["timestamp"] as? String).flatMap(TranscriptTimestamp.parse)
        record.cwd = object["cwd"] as? String
        record.gitBranch = object["gitBranch"] as? String
        record.version = object["version"] as? String
        if object["isMeta"] as? Bool == true { return .record(record) }
        let uuid = object["uuid"] as? String
        switch type {
        case "user":
            guard let message = object["message"] as? [String: Any], let content = message["content"] else {
                return .malformed
            }
            let compactSummary = object["isCompactSummary"] as? Bool == true
            ContentParser.user(content, compactSummary: compactSummary, into: &record, uuid: uuid)
        case "assistant":
            guard let message = object["message"] as? [String: Any], let content = message["content"] else {
                return .malformed
            }
            ContentParser.assistant(content, model: message["model"] as? String, into: &record, uuid: uuid)
        default:
            if object["subtype"] as? String == "compact_boundary" {
                record.items.append(.message(notice("Conversation compacted", record, uuid)))
            } else if let content = object["content"] as? String, !content.trimmingWhitespace.isEmpty {
                record.items.append(.message(notice(content, record, uuid)))
            }
        }
        return .record(record)
    }

    static func notice(_ text: String, _ record: TranscriptRecord, _ uuid: String?) -> TranscriptMessage {
        let (clipped, cut) = TextBounds.clip(text)
        return TranscriptMessage(
            role: .system, text: clipped, timestamp: record.timestamp, uuid: uuid, isTruncated: cut)
    }
}
