import Foundation

/// Turns one transcript line into a ``TranscriptLine``. Only the record types that carry conversation or session
/// facts are decoded (`user`, `assistant`, `system`, `custom-title`, `ai-title`, `summary`); the others are
/// recognised by their top-level `type` without decoding (``RecordTypeScanner``). The fields are read by
/// ``RawRecordScanner``; `JSONDecoder` decides only the lines the scanner cannot (malformed ones, mostly).
enum TranscriptLineParser {
    static let parsedTypes: Set<String> = ["user", "assistant", "system", "custom-title", "ai-title", "summary"]

    static func parse(_ line: Data) -> TranscriptLine {
        line.withUnsafeBytes { parse($0) }
    }

    static func parse(_ line: UnsafeRawBufferPointer) -> TranscriptLine {
        guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { return .skipped }  // blank
        // A top-level type found without parsing decides whether to parse; none found: parse to tell why.
        if let type = RecordTypeScanner.type(of: line), !parsedTypes.contains(type) { return .skipped }
        guard let raw = RawRecordScanner.record(line) ?? (try? JSONDecoder().decode(RawRecord.self, from: Data(line)))
        else { return .malformed }
        return parse(raw)
    }

    static func parse(_ raw: RawRecord) -> TranscriptLine {
        var record = TranscriptRecord()
        switch raw.type {
        case "custom-title":
            guard let title = raw.customTitle else { return .malformed }
            record.customTitle = title
            return .record(record)
        case "ai-title":
            guard let title = raw.aiTitle else { return .malformed }
            record.aiTitle = title
            return .record(record)
        case "summary":
            guard let summary = raw.summary else { return .malformed }
            record.summary = summary
            return .record(record)
        case "user", "assistant", "system":
            break
        default:
            return .skipped
        }
        if raw.isSidechain == true { return .skipped }
        record.timestamp = raw.timestamp.flatMap(TranscriptTimestamp.parse)
        record.cwd = raw.cwd
        record.gitBranch = raw.gitBranch
        record.version = raw.version
        if raw.isMeta == true { return .record(record) }
        switch raw.type {
        case "user":
            guard let content = raw.message?.content else { return .malformed }
            ContentParser.user(content, compactSummary: raw.isCompactSummary == true, into: &record, uuid: raw.uuid)
        case "assistant":
            guard let message = raw.message, let content = message.content else { return .malformed }
            ContentParser.assistant(content, model: message.model, into: &record, uuid: raw.uuid)
        default:
            if raw.subtype == "compact_boundary" {
                record.items.append(.message(notice("Conversation compacted", record, raw.uuid)))
            } else if let content = raw.content, !content.trimmingWhitespace.isEmpty {
                record.items.append(.message(notice(content, record, raw.uuid)))
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
