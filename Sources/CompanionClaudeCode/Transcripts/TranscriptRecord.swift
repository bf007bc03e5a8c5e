import Foundation

/// What one transcript line contributes: messages and tool results in order, and the session facts it carries.
struct TranscriptRecord {
    /// A tool result, to be paired with its tool use.
    struct ToolResult {
        var toolUseId: String
        var text: String
        var isError: Bool
        var isTruncated: Bool
        var timestamp: Date?
        var uuid: String?
    }

    /// One item, in the order the record holds them.
    enum Item {
        case message(TranscriptMessage)
        case toolResult(ToolResult)
    }

    var items: [Item] = []
    var timestamp: Date?
    var cwd: String?
    var gitBranch: String?
    var version: String?
    var customTitle: String?
    var aiTitle: String?
    var summary: String?
    /// A prompt the user typed (not a command, notice or meta row): the title candidate.
    var prompt: String?
}

/// How one line parsed.
enum TranscriptLine {
    /// A record that is not part of the conversation (bookkeeping, attachments, sidechain or meta rows).
    case skipped
    /// Not JSON, not UTF-8, not an object, or a conversation record without its required fields.
    case malformed
    /// A conversation record.
    case record(TranscriptRecord)
}
