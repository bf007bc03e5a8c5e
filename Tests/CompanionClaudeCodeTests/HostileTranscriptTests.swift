import CompanionClaudeCode
import Foundation
import Testing

/// Files no CLI should write but a reader meets: cut, corrupt, huge, incomplete.
@Suite struct HostileTranscriptTests {
    @Test func aTruncatedLastLineIsNotReadUntilItIsComplete() throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        let full = Lines.user("first") + Lines.assistant("second")
        let cut = full.utf8.count - 10
        try scratch.write("p/a.jsonl", String(decoding: Array(full.utf8)[..<cut], as: UTF8.self))
        let partial = try ParsedTranscript.read(path: scratch.path("p/a.jsonl"))
        #expect(partial.messages.map(\.text) == ["first"])
        #expect(partial.malformedLineCount == 0)
        #expect(partial.endOffset == UInt64(Lines.user("first").utf8.count))
        try scratch.append("p/a.jsonl", Array(full.utf8)[cut...])
        let whole = try ParsedTranscript.read(path: scratch.path("p/a.jsonl"))
        #expect(whole.messages.map(\.text) == ["first", "second"])
        #expect(whole.endOffset == UInt64(full.utf8.count))
    }

    @Test func invalidUTF8AndInvalidJSONAndMissingFieldsAreSkippedAndCounted() throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        var bytes = Array(Lines.user("before").utf8)
        bytes +=
            Array(#"{"type":"user","message":{"role":"user","content":"bad "#.utf8) + [0xFF, 0xFE]
            + Array("\"}}\n".utf8)
        bytes += Array("{not json\n".utf8)
        bytes += Array(#"{"type":"user","uuid":"x"}"#.utf8) + [0x0A]  // no message
        bytes += Array(#"{"type":"assistant","message":{"role":"assistant"}}"#.utf8) + [0x0A]  // no content
        bytes += Array(#"{"type":"custom-title"}"#.utf8) + [0x0A]  // no title
        bytes += Array("[1,2,3]\n\n   \n".utf8)
        bytes += Array(Lines.assistant("after").utf8)
        try scratch.write("p/a.jsonl", "")
        try scratch.append("p/a.jsonl", bytes)
        let transcript = try ParsedTranscript.read(path: scratch.path("p/a.jsonl"))
        #expect(transcript.messages.map(\.text) == ["before", "after"])
        #expect(transcript.malformedLineCount == 6)
    }

    @Test func aFiftyMegabyteLineIsSkippedWithBoundedMemory() throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        try scratch.write("p/a.jsonl", Lines.user("before"))
        let huge =
            #"{"type":"user","message":{"role":"user","content":""# + String(repeating: "x", count: 50 << 20) + "\"}}\n"
        try scratch.append("p/a.jsonl", Array(huge.utf8))
        try scratch.append("p/a.jsonl", Array(Lines.assistant("after").utf8))
        let transcript = try ParsedTranscript.read(path: scratch.path("p/a.jsonl"), maximumLineLength: 1 << 20)
        #expect(transcript.messages.map(\.text) == ["before", "after"])
        #expect(transcript.oversizedLineCount == 1)
        // The default cap (16 MiB) skips it too.
        #expect(try ParsedTranscript.read(path: scratch.path("p/a.jsonl")).oversizedLineCount == 1)
    }

    @Test func anOversizedLineWithoutItsNewlineYetIsNotConsumed() throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        try scratch.write("p/a.jsonl", Lines.user("before") + String(repeating: "y", count: 3 << 20))
        let transcript = try ParsedTranscript.read(path: scratch.path("p/a.jsonl"), maximumLineLength: 1 << 20)
        #expect(transcript.messages.map(\.text) == ["before"])
        #expect(transcript.endOffset == UInt64(Lines.user("before").utf8.count))
    }

    @Test func anEmptyFileHasNoMessages() throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        try scratch.write("p/a.jsonl", "")
        let transcript = try ParsedTranscript.read(path: scratch.path("p/a.jsonl"))
        #expect(transcript.messages.isEmpty)
        #expect(transcript.endOffset == 0)
        #expect(transcript.facts.title == nil)
    }

    @Test func aMissingFileThrows() {
        #expect(throws: JSONLLineReader.ReadError.self) {
            try ParsedTranscript.read(path: "/nonexistent/\(UUID().uuidString).jsonl")
        }
    }
}
