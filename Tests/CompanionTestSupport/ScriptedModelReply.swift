import Foundation

/// What ``ScriptedModelEndpoint`` answers to one `POST /v1/messages`.
public struct ScriptedModelReply: Sendable {
    /// How the answer goes wrong, if it does.
    public enum Failure: Sendable, Equatable {
        /// An HTTP error with an Anthropic error body (`500` api_error, `529` overloaded_error, …).
        case status(Int)
        /// The stream stops after this many text deltas and the connection is closed (no message_stop).
        /// A non-streaming request (the CLI's retry) is closed without an answer.
        case dropAfter(deltas: Int)
        /// The stream sends this many text deltas, then stays open, sending nothing, until the client goes away
        /// or the endpoint stops: a test cancels a run mid-stream without racing a timer.
        case stallAfter(deltas: Int)
    }

    /// The answer's text, in the pieces that become `text_delta`s (joined, the whole answer).
    public var deltas: [String]
    /// Thinking pieces sent as a thinking block before the text, if any.
    public var thinking: [String]
    /// Seconds between two deltas (0: none).
    public var delayBetweenDeltas: Double
    public var failure: Failure?
    /// A tool call after the text (`stop_reason: tool_use`): the tool's name and its input as JSON.
    public var toolUse: (name: String, input: [String: String])?

    public init(deltas: [String], thinking: [String] = [], delayBetweenDeltas: Double = 0, failure: Failure? = nil) {
        self.deltas = deltas
        self.thinking = thinking
        self.delayBetweenDeltas = delayBetweenDeltas
        self.failure = failure
    }

    /// `text` split into `pieces` deltas of about equal length.
    public static func text(_ text: String, pieces: Int = 4, delayBetweenDeltas: Double = 0) -> ScriptedModelReply {
        ScriptedModelReply(deltas: split(text, into: pieces), delayBetweenDeltas: delayBetweenDeltas)
    }

    /// A call of the Bash tool running `command` (the real CLI asks for permission first in `default` mode).
    public static func bash(_ command: String, description: String = "Run a command") -> ScriptedModelReply {
        var reply = ScriptedModelReply(deltas: [])
        reply.toolUse = ("Bash", ["command": command, "description": description])
        return reply
    }

    /// An HTTP error status.
    public static func status(_ code: Int) -> ScriptedModelReply {
        ScriptedModelReply(deltas: [], failure: .status(code))
    }

    /// The whole text is the answer; the stream stalls after `deltas` deltas (see ``Failure/stallAfter(deltas:)``).
    public static func stalling(_ text: String, pieces: Int = 4, after deltas: Int) -> ScriptedModelReply {
        ScriptedModelReply(deltas: split(text, into: pieces), failure: .stallAfter(deltas: deltas))
    }

    /// The connection drops after `deltas` deltas.
    public static func dropping(_ text: String, pieces: Int = 4, after deltas: Int) -> ScriptedModelReply {
        ScriptedModelReply(deltas: split(text, into: pieces), failure: .dropAfter(deltas: deltas))
    }

    /// The full answer text.
    public var text: String { deltas.joined() }

    static func split(_ text: String, into pieces: Int) -> [String] {
        let characters = Array(text)
        guard pieces > 1, characters.count > 1 else { return [text] }
        let size = max(1, (characters.count + pieces - 1) / pieces)
        return stride(from: 0, to: characters.count, by: size).map {
            String(characters[$0..<min($0 + size, characters.count)])
        }
    }
}
