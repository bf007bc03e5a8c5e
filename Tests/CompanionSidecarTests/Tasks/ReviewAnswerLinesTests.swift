import Foundation
import Testing

@testable import CompanionSidecar

/// How the built-in review's stream-json becomes log lines, line by line, on the shapes `claude -p
/// --output-format stream-json --verbose --include-partial-messages` prints (the real CLI's stream is in
/// `TaskReviewStreamingTests`).
@Suite struct ReviewAnswerLinesTests {
    /// `text` as a JSON string.
    static func quoted(_ text: String) throws -> String {
        String(decoding: try JSONEncoder().encode(text), as: UTF8.self)
    }

    static func delta(_ text: String) throws -> String {
        let escaped = try quoted(text)
        return #"{"type":"stream_event","event":{"type":"content_block_delta","index":0,"#
            + #""delta":{"type":"text_delta","text":\#(escaped)}}}"#
    }
    static let blockStop = #"{"type":"stream_event","event":{"type":"content_block_stop","index":0}}"#
    static let initLine = #"{"type":"system","subtype":"init","session_id":"s1","tools":["Read"]}"#
    static let assistant =
        #"{"type":"assistant","message":{"id":"m1","content":[{"type":"text","text":"Looks fine.\nNo bugs."}]}}"#

    static func result(_ text: String, error: Bool) throws -> String {
        let escaped = try quoted(text)
        let subtype = error ? "error_during_execution" : "success"
        return #"{"type":"result","subtype":"\#(subtype)","is_error":\#(error),"result":\#(escaped)}"#
    }

    @Test func eachLineIsGivenWhenItsNewlineArrivesAndABlockEndFlushesTheRest() throws {
        var lines = ReviewAnswerLines()
        #expect(lines.lines(for: [Self.initLine]).isEmpty)
        #expect(lines.lines(for: try Self.delta("Reading a file")).isEmpty)
        #expect(lines.lines(for: try Self.delta(" first.")).isEmpty)
        #expect(lines.lines(for: Self.blockStop) == ["Reading a file first."])
        #expect(lines.lines(for: try Self.delta("Looks fine.\nNo")) == ["Looks fine."])
        #expect(lines.lines(for: try Self.delta(" bugs.\n\nDone")) == ["No bugs.", ""])
        // The complete message repeats the deltas: not logged again.
        #expect(lines.lines(for: Self.assistant).isEmpty)
        #expect(lines.lines(for: try Self.result("Looks fine.\nNo bugs.\n\nDone", error: false)) == ["Done"])
        #expect(lines.finish().isEmpty)
    }

    @Test func aFailedRunSaysWhyAndARunWithoutDeltasGivesItsResult() throws {
        var failed = ReviewAnswerLines()
        #expect(failed.lines(for: try Self.delta("Half a li")).isEmpty)
        #expect(
            failed.lines(for: try Self.result("API Error: 500", error: true))
                == ["Half a li", "the review failed: API Error: 500"])

        var quiet = ReviewAnswerLines()
        #expect(quiet.lines(for: [Self.initLine, Self.assistant]).isEmpty)
        #expect(
            quiet.lines(for: try Self.result("Looks fine.\nNo bugs.", error: false)) == ["Looks fine.", "No bugs."])
        // Not stream-json (a cut piece of a long line, or anything else): nothing.
        #expect(quiet.lines(for: ["plain text", "{\"partial\": "]).isEmpty)
    }
}
