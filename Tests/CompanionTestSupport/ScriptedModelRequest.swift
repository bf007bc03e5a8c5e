import Foundation

/// A request ``ScriptedModelEndpoint`` received, with the Messages API body decoded.
public struct ScriptedModelRequest: Sendable {
    /// One message of the conversation the CLI sent: role and its text blocks (tool results' text included).
    public struct Message: Sendable, Equatable {
        public let role: String
        public let texts: [String]
        /// The `type` of each content block (`text`, `tool_result`, …).
        public let blockTypes: [String]
    }

    public let method: String
    /// The path with its query (`/v1/messages?beta=true`).
    public let path: String
    /// Header names in lower case.
    public let headers: [String: String]
    public let body: Data
    /// `model` of the body.
    public let model: String?
    /// `stream` of the body.
    public let isStreaming: Bool
    /// `messages` of the body, in order.
    public let messages: [Message]

    init(method: String, path: String, headers: [String: String], body: Data) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        model = object["model"] as? String
        isStreaming = object["stream"] as? Bool ?? false
        messages = (object["messages"] as? [[String: Any]] ?? []).map { message in
            var texts: [String] = []
            var types: [String] = []
            if let text = message["content"] as? String { texts = [text] }
            for block in message["content"] as? [[String: Any]] ?? [] {
                if let text = block["text"] as? String { texts.append(text) }
                if let text = block["content"] as? String { texts.append(text) }
                if let type = block["type"] as? String { types.append(type) }
            }
            return Message(role: message["role"] as? String ?? "", texts: texts, blockTypes: types)
        }
    }

    /// True for `POST /v1/messages` (not `count_tokens`).
    public var isMessages: Bool {
        method == "POST" && (path == "/v1/messages" || path.hasPrefix("/v1/messages?"))
    }

    /// The user's words in the last user message: its last text block that is not a `<system-reminder>`,
    /// trimmed.
    public var lastUserPrompt: String? {
        guard let message = messages.last(where: { $0.role == "user" }) else { return nil }
        return message.texts.last { !$0.hasPrefix("<system-reminder>") }?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// True when the last user message carries a tool's result (the CLI reports a tool call's outcome).
    public var answersToolUse: Bool {
        messages.last(where: { $0.role == "user" })?.blockTypes.contains("tool_result") ?? false
    }

    /// Every text of the conversation, in order (to check that earlier turns were sent).
    public var allTexts: [String] { messages.flatMap(\.texts) }
}
