import CompanionClaudeCode
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The index over a copy of the real transcripts, in a real SQLite file.
@Suite struct ClaudeIndexTests {
    static let myApp = "-home-ada-src-my-app"
    static let otherDir = "-home-ada-src-other-dir"
    static let resumed = "686aaf26-cd89-48e4-a18e-c347f2ac02c8"

    @Test func projectsComeFromTheTranscriptsCwdWithPathDerivedIds() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let index = try scratch.index()
        let projects = try await index.projects()
        #expect(Set(projects.map(\.encodedPath)) == [Self.myApp, Self.otherDir])
        let myApp = try #require(projects.first { $0.encodedPath == Self.myApp })
        #expect(myApp.path == "/home/ada/src/my.app")  // not the lossy "/home/ada/src/my/app"
        #expect(myApp.isPathFromTranscripts)
        #expect(myApp.sessionCount == 3)
        // SHA-256 of the path, first 16 bytes, version 5 and variant bits (the ILS backend's derivation), computed
        // independently with Python's hashlib and uuid.
        #expect(myApp.id == UUID(uuidString: "3db8ba3b-93ec-5467-a0cf-493c7c031166"))
        let other = try #require(projects.first { $0.encodedPath == Self.otherDir })
        #expect(other.path == "/home/ada/src/other_dir")
        #expect(other.sessionCount == 3)  // the sub-agent's transcript is not a session
        #expect(try await index.project(id: myApp.id) == myApp)
        #expect(try await index.project(id: UUID()) == nil)
    }

    @Test func projectIdsSurviveARebuild() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let before = try await scratch.index().projects().map(\.id).sorted { $0.uuidString < $1.uuidString }
        try FileManager.default.removeItem(atPath: scratch.database)
        let after = try await scratch.index().projects().map(\.id).sorted { $0.uuidString < $1.uuidString }
        #expect(before == after)
        #expect(before.count == 2)
    }

    @Test func sessionsListAndPageFromTheEnd() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let index = try scratch.index()
        let all = try await index.sessions()
        #expect(all.count == 6)
        #expect(
            all.map(\.lastActivity) == all.map(\.lastActivity).sorted { ($0 ?? .distantPast) > ($1 ?? .distantPast) })
        let myApp = try #require(try await index.projects().first { $0.encodedPath == Self.myApp })
        #expect(try await index.sessions(projectID: myApp.id).count == 3)
        #expect(try await index.sessions(projectID: UUID()).isEmpty)
        let session = try #require(try await index.session(claudeSessionId: Self.resumed))
        #expect(session.title == "hi")
        #expect(session.cwd == "/home/ada/src/my.app")
        #expect(session.gitBranch == "feature/x")
        #expect(session.projectID == myApp.id)
        let parsed = try ParsedTranscript.read(path: scratch.path("\(Self.myApp)/\(Self.resumed).jsonl"))
        #expect(session.messageCount == parsed.messages.count)
        let last = try #require(try await index.messages(claudeSessionId: Self.resumed, limit: 5))
        #expect(last.total == parsed.messages.count)
        #expect(last.hasMore)
        #expect(last.messages == Array(parsed.messages.suffix(5)))
        let earlier = try #require(
            try await index.messages(claudeSessionId: Self.resumed, limit: 1000, before: last.messages.first!.index))
        #expect(!earlier.hasMore)
        #expect(earlier.messages + last.messages == parsed.messages)
        #expect(try await index.messages(claudeSessionId: "no-such-session", limit: 5) == nil)
        #expect(try await index.session(claudeSessionId: "../etc/passwd") == nil)
    }

    /// Appended lines are read from the stored offset: an already indexed line changed in place (same size, same
    /// first bytes) is not read again, while the new lines are.
    @Test func appendedLinesAreTailedFromTheOffset() async throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        let file = "-home-ada-src-demo/s1.jsonl"
        try scratch.write(file, Lines.user("original prompt") + Lines.assistant("first answer"))
        let index = try scratch.index()
        #expect(
            try await index.messages(claudeSessionId: "s1", limit: 10)?.messages.map(\.text) == [
                "original prompt", "first answer",
            ])
        var text = try String(contentsOfFile: scratch.path(file), encoding: .utf8)
        text = text.replacingOccurrences(of: "first answer", with: "FIRST ANSWER")
        try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.path(file)), options: [])  // in place
        try scratch.append(file, Array(Lines.assistant("second answer", time: "2026-11-23T10:05:00.000Z").utf8))
        let page = try #require(try await index.messages(claudeSessionId: "s1", limit: 10))
        // The line changed in place was not read again; only the appended one was.
        #expect(page.messages.map(\.text) == ["original prompt", "first answer", "second answer"])
        #expect(page.total == 3)
        let session = try #require(try await index.session(claudeSessionId: "s1"))
        #expect(session.lastActivity == ISO8601DateFormatter.fractional.date(from: "2026-11-23T10:05:00.000Z"))
        #expect(
            session.indexedBytes
                == Int64(
                    text.utf8.count + Lines.assistant("second answer", time: "2026-11-23T10:05:00.000Z").utf8.count))
    }

    @Test func aTruncatedOrReplacedFileIsReadAgain() async throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        let file = "-home-ada-src-demo/s1.jsonl"
        try scratch.write(file, Lines.user("one") + Lines.assistant("two") + Lines.assistant("three"))
        let index = try scratch.index()
        #expect(try await index.session(claudeSessionId: "s1")?.messageCount == 3)
        // Truncated (same inode, shorter than the offset).
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch.path(file)))
        try handle.truncate(atOffset: UInt64(Lines.user("one").utf8.count))
        try handle.close()
        #expect(try await index.messages(claudeSessionId: "s1", limit: 10)?.messages.map(\.text) == ["one"])
        // Replaced by another file (new inode, longer, other first bytes).
        let replacement = scratch.root.appendingPathComponent("replacement.jsonl")
        try Data(
            (Lines.user("uno", uuid: "other") + Lines.assistant("dos") + Lines.assistant("tres")
                + Lines.assistant("cuatro")).utf8
        )
        .write(to: replacement)
        #expect(rename(replacement.path, scratch.path(file)) == 0)
        #expect(
            try await index.messages(claudeSessionId: "s1", limit: 10)?.messages.map(\.text) == [
                "uno", "dos", "tres", "cuatro",
            ])
        #expect(try await index.session(claudeSessionId: "s1")?.title == "uno")
    }
}
