import CompanionClaudeCode
import Foundation
import Testing

/// The index at the edges of the transcript format: a tool result appended after its tool use, a deleted
/// transcript, entries that are not sessions, and paths that would leave the projects directory.
extension ClaudeIndexTests {
    @Test func aToolResultAppendedLaterPairsWithItsEarlierToolUse() async throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        let file = "-home-ada-src-demo/s1.jsonl"
        let use = Lines.record([
            "type": "assistant", "uuid": "u1", "timestamp": "2026-11-23T10:00:01.000Z",
            "message": [
                "role": "assistant", "model": "m",
                "content": [["type": "tool_use", "id": "toolu_1", "name": "Read", "input": ["file_path": "/x"]]],
            ],
        ])
        try scratch.write(file, Lines.user("read x") + use)
        let index = try scratch.index()
        #expect(try await index.messages(claudeSessionId: "s1", limit: 10)?.messages.last?.toolResult == nil)
        let result = Lines.record([
            "type": "user", "uuid": "u2", "timestamp": "2026-11-23T10:00:02.000Z",
            "message": [
                "role": "user",
                "content": [
                    [
                        "type": "tool_result", "tool_use_id": "toolu_1",
                        "content": [["type": "text", "text": "contents"]], "is_error": false,
                    ]
                ],
            ],
        ])
        try scratch.append(file, Array(result.utf8))
        let page = try #require(try await index.messages(claudeSessionId: "s1", limit: 10))
        #expect(page.total == 2)
        #expect(page.messages.last?.toolName == "Read")
        #expect(page.messages.last?.toolInput == #"{"file_path":"/x"}"#)
        #expect(page.messages.last?.toolResult == "contents")
    }

    @Test func aDeletedTranscriptLeavesTheIndex() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let index = try scratch.index()
        #expect(try await index.session(claudeSessionId: Self.resumed) != nil)
        try FileManager.default.removeItem(atPath: scratch.path("\(Self.myApp)/\(Self.resumed).jsonl"))
        #expect(try await index.session(claudeSessionId: Self.resumed) == nil)
        #expect(try await index.sessions().count == 5)
        #expect(try await index.projects().first { $0.encodedPath == Self.myApp }?.sessionCount == 2)
        try FileManager.default.removeItem(atPath: scratch.path(Self.otherDir))
        #expect(try await index.projects().map(\.encodedPath) == [Self.myApp])
        #expect(try await index.sessions().count == 2)
    }

    @Test func subAgentsMemoryAndOddEntriesAreNotSessions() async throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        try scratch.write("-p/s1.jsonl", Lines.user("real"))
        try scratch.write("-p/s1/subagents/agent-abc.jsonl", Lines.user("sub"))
        try scratch.write("-p/s1/tool-results/toolu_1.jsonl", Lines.user("side"))
        try scratch.write("-p/memory/notes.md", "# notes")
        try scratch.write("-p/notes.txt", "x")
        try FileManager.default.createDirectory(atPath: scratch.path("-p/dir.jsonl"), withIntermediateDirectories: true)
        try scratch.write("stray.jsonl", Lines.user("not in a project"))
        let index = try scratch.index()
        #expect(try await index.sessions().map(\.claudeSessionId) == ["s1"])
        #expect(try await index.projects().map(\.sessionCount) == [1])
    }

    @Test func transcriptResolutionStaysInsideTheProjectsDirectory() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let outside = scratch.root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data(Lines.user("secret").utf8).write(to: outside.appendingPathComponent("leak.jsonl"))
        try FileManager.default.createSymbolicLink(
            atPath: scratch.path("\(Self.myApp)/leak.jsonl"),
            withDestinationPath: outside.appendingPathComponent("leak.jsonl").path)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("-linked"), withDestinationPath: outside.path)
        let directory = ClaudeProjectsDirectory(path: scratch.projects)
        #expect(directory.transcriptPath(encodedProjectPath: Self.myApp, sessionId: Self.resumed) != nil)
        for (project, session) in [
            ("..", "outside/leak"), ("../outside", "leak"), (Self.myApp, "../../outside/leak"), ("/", "etc/passwd"),
            (scratch.root.path, "leak"), (Self.myApp, "leak"), ("-linked", "leak"), ("", Self.resumed),
            (Self.myApp, ""), (Self.myApp, "no-such-session"), (".", Self.resumed), (Self.myApp + "/..", Self.resumed),
        ] {
            #expect(
                directory.transcriptPath(encodedProjectPath: project, sessionId: session) == nil,
                "\(project) \(session)")
        }
        let index = try scratch.index()
        #expect(try await index.transcript(encodedProjectPath: "-linked", sessionId: "leak", limit: 10) == nil)
        #expect(try await index.transcript(encodedProjectPath: Self.myApp, sessionId: "leak", limit: 10) == nil)
        #expect(try await index.transcript(encodedProjectPath: "..", sessionId: "outside", limit: 10) == nil)
        let page = try #require(
            try await index.transcript(encodedProjectPath: Self.myApp, sessionId: Self.resumed, limit: 3))
        #expect(page.messages.count == 3)
        // The symbolic links are not indexed either.
        #expect(try await !index.sessions().contains { $0.claudeSessionId == "leak" })
        #expect(try await !index.projects().contains { $0.encodedPath == "-linked" })
    }
}
