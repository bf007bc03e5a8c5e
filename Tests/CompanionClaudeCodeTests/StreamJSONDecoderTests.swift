import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

/// The decoder against stream-json written by the real CLI (TestVectors/claude/stream-json, see its README) and
/// against lines that are not stream-json.
@Suite struct StreamJSONDecoderTests {
    static func decode(_ name: String) throws -> (events: [ClaudeStreamEvent], malformed: Int) {
        let url = TestPaths.testVectors.appendingPathComponent("claude/stream-json/\(name)")
        var decoder = ClaudeStreamDecoder()
        let events = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap {
            decoder.decode($0)
        }
        return (events, decoder.malformedLines)
    }

    static func texts(_ events: [ClaudeStreamEvent]) -> [String] {
        events.compactMap { if case .textDelta(let text, _) = $0 { text } else { nil } }
    }

    @Test func aTextReplyStreamsItsDeltasInOrderAndEndsWithASuccessfulResult() throws {
        let (events, malformed) = try Self.decode("text-reply.jsonl")
        #expect(malformed == 0)
        guard case .initialized(let info) = events.first else {
            Issue.record("first event is not system/init: \(String(describing: events.first))")
            return
        }
        #expect(info.sessionID == "add55d27-c973-4df6-ad54-644d3e2a0065")
        #expect(info.workingDirectory == "/tmp/cexp/proj")
        #expect(info.tools.contains("Bash"))
        #expect(info.claudeCodeVersion == "2.1.330")
        #expect(Self.texts(events) == ["Hello", " from", " the", " script"])
        #expect(events.contains(.system(subtype: "status")))
        #expect(events.contains(.streamEvent(type: "message_start")))
        let assistant = events.compactMap { if case .assistant(let message) = $0 { message } else { nil } }
        #expect(assistant.map(\.text) == ["Hello from the script"])
        guard case .result(let result) = events.last else {
            Issue.record("last event is not the result")
            return
        }
        #expect(result.subtype == "success")
        #expect(!result.isError)
        #expect(result.result == "Hello from the script")
        #expect(result.sessionID == info.sessionID)
        #expect(result.numberOfTurns == 1)
        #expect(result.usage?.outputTokens == 4)
        #expect(result.totalCostUSD ?? 0 > 0)
        #expect(result.terminalReason == "completed")
    }

    @Test func thinkingToolInputAndToolResultsAreTyped() throws {
        let (events, malformed) = try Self.decode("tool-use-thinking.jsonl")
        #expect(malformed == 0)
        let thinking = events.compactMap { if case .thinkingDelta(let text, _) = $0 { text } else { nil } }
        #expect(thinking == ["Let me ", "read the file."])
        let input = events.compactMap {
            if case .toolInputDelta(let json, let index) = $0 { (json, index) } else { nil }
        }
        #expect(input.map(\.0).joined() == #"{"file_path": "/tmp/cexp/proj2/hello.txt"}"#)
        #expect(input.allSatisfy { $0.1 == 1 })
        let blocks = events.flatMap { event -> [ClaudeContentBlock] in
            switch event {
            case .assistant(let message), .user(let message): message.content
            default: []
            }
        }
        #expect(blocks.contains(.thinking("Let me read the file.")))
        #expect(
            blocks.contains(
                .toolUse(id: "toolu_01", name: "Read", inputJSON: #"{"file_path":"\/tmp\/cexp\/proj2\/hello.txt"}"#))
                || blocks.contains(
                    .toolUse(id: "toolu_01", name: "Read", inputJSON: #"{"file_path":"/tmp/cexp/proj2/hello.txt"}"#))
        )
        #expect(blocks.contains(.toolResult(toolUseID: "toolu_01", content: "1\thello\n2\t", isError: false)))
        #expect(Self.texts(events) == ["The file says hello."])
        guard case .result(let result) = events.last else { return }
        #expect(result.numberOfTurns == 2)
        #expect(result.result == "The file says hello.")
    }

    @Test func aCancelledRunKeepsThePartialAnswerAndEndsWithAnErrorResult() throws {
        let (events, _) = try Self.decode("cancelled-sigint.jsonl")
        #expect(Self.texts(events) == ["Hello", " from"])
        #expect(
            events.contains {
                if case .user(let message) = $0 { message.text == "[Request interrupted by user]" } else { false }
            })
        guard case .result(let result) = events.last else { return }
        #expect(result.subtype == "error_during_execution")
        #expect(result.isError)
        #expect(result.terminalReason == "aborted_streaming")
    }

    @Test func anAPIErrorIsASyntheticAssistantMessageAndAnErrorResult() throws {
        for name in ["api-error-529.jsonl", "stream-dropped.jsonl"] {
            let (events, malformed) = try Self.decode(name)
            #expect(malformed == 0)
            #expect(events.contains { if case .assistant(let message) = $0 { message.isAPIError } else { false } })
            guard case .result(let result) = events.last else {
                Issue.record("\(name): no result")
                continue
            }
            #expect(result.isError)
            #expect(result.terminalReason == "api_error")
            if name == "api-error-529.jsonl" { #expect(result.apiErrorStatus == 529) }
        }
    }

    @Test func linesThatAreNotStreamJSONAreCountedNeverFatal() {
        var decoder = ClaudeStreamDecoder()
        let lines = [
            "garbage", "[1, 2]", "{}", #"{"type": 3}"#, "{\"type\":\"assistant\"", "", "   ", "\u{FFFD}\u{FFFD}",
            #"{"type":"stream_event"}"#, #"{"type":"assistant","message":{"content":"plain"}}"#,
            #"{"type":"result"}"#, #"{"type":"brand_new","x":1}"#,
        ]
        let events = lines.compactMap { decoder.decode($0) }
        #expect(decoder.malformedLines == 6)
        #expect(
            events == [
                .streamEvent(type: ""),
                .assistant(
                    ClaudeMessage(
                        id: nil, model: nil, content: [.text("plain")], parentToolUseID: nil, isAPIError: false)),
                .result(
                    ClaudeResult(
                        subtype: "", isError: false, result: nil, sessionID: nil, durationMilliseconds: nil,
                        apiDurationMilliseconds: nil, numberOfTurns: nil, totalCostUSD: nil, usage: nil,
                        terminalReason: nil, apiErrorStatus: nil)),
                .unknown(type: "brand_new", line: #"{"type":"brand_new","x":1}"#),
            ])
    }
}
