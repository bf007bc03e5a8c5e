import CompanionClient
import CompanionTestSupport
import Foundation
import Testing

@Suite struct ServerSentEventParserTests {
    static let recorded = try! Data(
        contentsOf: TestPaths.testVectors.appendingPathComponent("claude-api/chat-stream.sse"))

    /// The recorded stream gives the same events however the bytes are split (every split point is tried).
    @Test func theRecordedStreamWhateverTheChunking() throws {
        let bytes = Array(Self.recorded)
        var whole = ServerSentEventParser()
        let expected = try whole.consume(bytes)
        #expect(
            expected.map(\.event) == ["system", "streamEvent", "streamEvent", "assistant", "user", "result", "done"])
        #expect(expected.map(\.id) == ["1", "2", "3", "4", "5", "6", "6"])
        for split in stride(from: 1, to: bytes.count, by: 7) {
            var parser = ServerSentEventParser()
            let events = try parser.consume(bytes[..<split]) + parser.consume(bytes[split...])
            #expect(events == expected)
        }
    }

    @Test func lineEndingsCommentsAndMultilineData() throws {
        var parser = ServerSentEventParser()
        let events = try parser.consume(
            Array(": keep-alive\r\n\r\nevent: a\r\ndata: one\r\ndata:two\r\rid: 9\ndata\n\n".utf8))
        #expect(
            events == [
                ServerSentEvent(event: "a", data: "one\ntwo", id: nil),
                ServerSentEvent(event: nil, data: "", id: "9"),
            ])
    }

    @Test func anEventLargerThanTheLimitIsAnError() {
        var parser = ServerSentEventParser(maxEventBytes: 64)
        #expect(throws: ServerSentEventParser.Failure.eventTooLarge(limit: 64)) {
            _ = try parser.consume(Array(("data: " + String(repeating: "x", count: 100)).utf8))
        }
    }
}
