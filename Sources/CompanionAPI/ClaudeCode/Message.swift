import Foundation

/// Who wrote a message.
public enum MessageRole: String, Codable, Sendable, CaseIterable {
    case user
    case assistant
    case system
}

/// One message of a session (`Message` of the ILS app), as `GET /sessions/:id/messages` and the transcript
/// route list them. Tool calls and their results travel as JSON text, as the app expects.
public struct Message: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var sessionId: UUID
    public var role: MessageRole
    public var content: String
    /// A JSON array of the tool calls of this message (`[{"id","name","input"}]`), when it made any.
    public var toolCalls: String?
    /// A JSON array of the tool results this message carries (`[{"toolUseId","content","isError"}]`).
    public var toolResults: String?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: UUID, sessionId: UUID, role: MessageRole, content: String, toolCalls: String? = nil,
        toolResults: String? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.sessionId = sessionId
        self.role = role
        self.content = content
        self.toolCalls = toolCalls
        self.toolResults = toolResults
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
