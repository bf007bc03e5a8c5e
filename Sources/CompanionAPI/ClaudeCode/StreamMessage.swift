/// One event of `POST /chat/stream` (`StreamMessage` of the ILS app): the SSE event's name is the case name
/// (`system`, `assistant`, `user`, `result`, `streamEvent`, `error`) and its data this value as JSON, whose
/// `type` field repeats the name.
public enum StreamMessage: Codable, Sendable, Equatable {
    case system(SystemMessage)
    case assistant(AssistantMessage)
    case user(UserMessage)
    case result(ResultMessage)
    case streamEvent(StreamEventMessage)
    case error(StreamError)

    private enum CodingKeys: String, CodingKey { case type }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "system": self = .system(try SystemMessage(from: decoder))
        case "assistant": self = .assistant(try AssistantMessage(from: decoder))
        case "user": self = .user(try UserMessage(from: decoder))
        case "result": self = .result(try ResultMessage(from: decoder))
        case "streamEvent": self = .streamEvent(try StreamEventMessage(from: decoder))
        case "error": self = .error(try StreamError(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown stream message type")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .system(let message): try message.encode(to: encoder)
        case .assistant(let message): try message.encode(to: encoder)
        case .user(let message): try message.encode(to: encoder)
        case .result(let message): try message.encode(to: encoder)
        case .streamEvent(let message): try message.encode(to: encoder)
        case .error(let message): try message.encode(to: encoder)
        }
    }

    /// The SSE event name of this message.
    public var eventName: String {
        switch self {
        case .system: "system"
        case .assistant: "assistant"
        case .user: "user"
        case .result: "result"
        case .streamEvent: "streamEvent"
        case .error: "error"
        }
    }
}

/// Claude Code's `system` message, e.g. `init` with the session id, model, working directory and tools.
public struct SystemMessage: Codable, Sendable, Equatable {
    public var type: String = "system"
    public var subtype: String
    public var data: SystemData
    public var uuid: String?
    public init(subtype: String, data: SystemData, uuid: String? = nil) {
        self.subtype = subtype
        self.data = data
        self.uuid = uuid
    }
}

/// What a `system` message carries.
public struct SystemData: Codable, Sendable, Equatable {
    public var sessionId: String
    public var plugins: [String]?
    public var slashCommands: [String]?
    public var tools: [String]?
    public var model: String?
    public var cwd: String?
    public init(
        sessionId: String, plugins: [String]? = nil, slashCommands: [String]? = nil, tools: [String]? = nil,
        model: String? = nil, cwd: String? = nil
    ) {
        self.sessionId = sessionId
        self.plugins = plugins
        self.slashCommands = slashCommands
        self.tools = tools
        self.model = model
        self.cwd = cwd
    }
}

/// A complete assistant message.
public struct AssistantMessage: Codable, Sendable, Equatable {
    public var type: String = "assistant"
    public var content: [ContentBlock]
    public var uuid: String?
    public var sessionId: String?
    public init(content: [ContentBlock], uuid: String? = nil, sessionId: String? = nil) {
        self.content = content
        self.uuid = uuid
        self.sessionId = sessionId
    }
}

/// A user message of the run: in practice tool results going back to the model.
public struct UserMessage: Codable, Sendable, Equatable {
    public var type: String = "user"
    public var uuid: String?
    public var sessionId: String?
    public var content: [ContentBlock]
    public init(uuid: String? = nil, sessionId: String? = nil, content: [ContentBlock]) {
        self.uuid = uuid
        self.sessionId = sessionId
        self.content = content
    }
}

/// A partial message event (`--include-partial-messages`): `eventType` is the Messages API event
/// (`content_block_delta`, `message_start`…), `delta` the text, thinking or tool-input fragment.
public struct StreamEventMessage: Codable, Sendable, Equatable {
    public var type: String = "streamEvent"
    public var eventType: String
    public var index: Int?
    public var delta: StreamDelta?
    public init(eventType: String, index: Int? = nil, delta: StreamDelta? = nil) {
        self.eventType = eventType
        self.index = index
        self.delta = delta
    }
}

/// A fragment of a content block: `{"type":"textDelta","text":…}`, `inputJsonDelta` with `partialJson`, or
/// `thinkingDelta` with `thinking`. Reading also accepts the Messages API's snake-case names.
public enum StreamDelta: Codable, Sendable, Equatable {
    case textDelta(String)
    case inputJsonDelta(String)
    case thinkingDelta(String)

    private enum CodingKeys: String, CodingKey { case type, text, partialJson, thinking }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .type) {
        case "input_json_delta", "inputJsonDelta":
            self = .inputJsonDelta(try container.decode(String.self, forKey: .partialJson))
        case "thinking_delta", "thinkingDelta":
            self = .thinkingDelta(try container.decode(String.self, forKey: .thinking))
        default: self = .textDelta(try container.decodeIfPresent(String.self, forKey: .text) ?? "")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .textDelta(let text):
            try container.encode("textDelta", forKey: .type)
            try container.encode(text, forKey: .text)
        case .inputJsonDelta(let json):
            try container.encode("inputJsonDelta", forKey: .type)
            try container.encode(json, forKey: .partialJson)
        case .thinkingDelta(let thinking):
            try container.encode("thinkingDelta", forKey: .type)
            try container.encode(thinking, forKey: .thinking)
        }
    }
}

/// A failure of the stream itself (the run could not start, the CLI died…): a code and a message for people.
public struct StreamError: Codable, Sendable, Equatable {
    public var type: String = "error"
    public var code: String
    public var message: String
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
