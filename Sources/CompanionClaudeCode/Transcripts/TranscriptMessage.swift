import Foundation

/// One normalized message of a Claude Code transcript: a user prompt, an assistant text or thinking block, a tool
/// use with its result (paired by `tool_use_id`), or a system notice (a slash command, its output, a compaction).
/// Meta rows, sidechain rows, attachments, system reminders and Claude Code's bookkeeping records are not messages.
package struct TranscriptMessage: Sendable, Hashable, Codable {
    /// Who the message is from.
    package enum Role: String, Sendable, Hashable, Codable {
        case user, assistant, system
    }

    /// What the message holds.
    package enum Kind: String, Sendable, Hashable, Codable {
        /// Prose: `text` (a prompt, an answer, or a system notice).
        case text
        /// The model's thinking: `text`.
        case thinking
        /// A tool call: `toolName`, `toolUseId`, `toolInput` (JSON text, sorted keys) and, once it arrived,
        /// `toolResult` and `isError`.
        case toolUse
        /// A tool result whose tool use is not in the transcript (e.g. before a compaction): `toolUseId`,
        /// `toolResult`, `isError`.
        case toolResult
    }

    /// The position in the session's transcript, from 0.
    package var index: Int
    /// Who the message is from.
    package var role: Role
    /// What the message holds.
    package var kind: Kind
    /// The text (empty for tool uses and results).
    package var text: String
    /// The tool's name, for tool uses.
    package var toolName: String?
    /// The tool use's id (`toolu_…`), for tool uses and results.
    package var toolUseId: String?
    /// The tool's input as JSON text with sorted keys, for tool uses.
    package var toolInput: String?
    /// The tool's result as text (text blocks joined by newlines, images as `[image]`), once it arrived.
    package var toolResult: String?
    /// Whether the tool result is an error.
    package var isError: Bool
    /// When Claude Code wrote the record.
    package var timestamp: Date?
    /// The record's `uuid` (several messages share it when one record holds several blocks).
    package var uuid: String?
    /// The model that wrote an assistant message.
    package var model: String?
    /// Whether `text`, `toolInput` or `toolResult` was cut to ``TranscriptMessage/maximumFieldLength``.
    package var isTruncated: Bool

    /// The cap on each text field, in UTF-8 bytes (256 KiB): enough for any prose, while a tool result holding a
    /// large file or image stays bounded in the index.
    package static let maximumFieldLength = 256 << 10

    /// A message; the fields default to an empty text message.
    package init(
        index: Int = 0, role: Role, kind: Kind = .text, text: String = "", toolName: String? = nil,
        toolUseId: String? = nil, toolInput: String? = nil, toolResult: String? = nil, isError: Bool = false,
        timestamp: Date? = nil, uuid: String? = nil, model: String? = nil, isTruncated: Bool = false
    ) {
        self.index = index
        self.role = role
        self.kind = kind
        self.text = text
        self.toolName = toolName
        self.toolUseId = toolUseId
        self.toolInput = toolInput
        self.toolResult = toolResult
        self.isError = isError
        self.timestamp = timestamp
        self.uuid = uuid
        self.model = model
        self.isTruncated = isTruncated
    }
}
