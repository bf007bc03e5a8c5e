/// One block of a streamed assistant or user message (`ContentBlock` of the ILS app), discriminated by `type`:
/// `text`, `toolUse`, `toolResult`, `thinking`. Reading also accepts the type names `tool_use` and `tool_result`.
public enum ContentBlock: Codable, Sendable, Equatable {
    case text(TextBlock)
    case toolUse(ToolUseBlock)
    case toolResult(ToolResultBlock)
    case thinking(ThinkingBlock)

    private enum CodingKeys: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let type = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .type)
        switch type {
        case "toolUse", "tool_use": self = .toolUse(try ToolUseBlock(from: decoder))
        case "toolResult", "tool_result": self = .toolResult(try ToolResultBlock(from: decoder))
        case "thinking": self = .thinking(try ThinkingBlock(from: decoder))
        default: self = .text(try TextBlock(from: decoder))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let block): try block.encode(to: encoder)
        case .toolUse(let block): try block.encode(to: encoder)
        case .toolResult(let block): try block.encode(to: encoder)
        case .thinking(let block): try block.encode(to: encoder)
        }
    }
}

/// Text written by the model.
public struct TextBlock: Codable, Sendable, Equatable {
    public var type: String = "text"
    public var text: String
    public init(text: String) { self.text = text }
}

/// A tool call: its id (paired with the result), the tool's name and its input.
public struct ToolUseBlock: Codable, Sendable, Equatable {
    public var type: String = "toolUse"
    public var id: String
    public var name: String
    public var input: ArbitraryJSON
    public init(id: String, name: String, input: ArbitraryJSON) {
        self.id = id
        self.name = name
        self.input = input
    }
}

/// A tool's result, for the call whose id is `toolUseId`.
public struct ToolResultBlock: Codable, Sendable, Equatable {
    public var type: String = "toolResult"
    public var toolUseId: String
    public var content: String
    public var isError: Bool
    public init(toolUseId: String, content: String, isError: Bool) {
        self.toolUseId = toolUseId
        self.content = content
        self.isError = isError
    }
}

/// The model's visible reasoning.
public struct ThinkingBlock: Codable, Sendable, Equatable {
    public var type: String = "thinking"
    public var thinking: String
    public init(thinking: String) { self.thinking = thinking }
}
