import CompanionClaudeCode
import Foundation
import Testing

/// inotify keeps the index fresh without a query: the tests wait for the index's change notification (no sleeps,
/// no timed assertions; the time limit only ends a hung run).
@Suite struct WatcherTests {
    @Test(.timeLimit(.minutes(1))) func aNewTranscriptAndAnAppendAreIndexedByTheWatcher() async throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        try scratch.write("-home-ada-src-demo/s1.jsonl", Lines.user("one"))
        let index = try scratch.index()
        try await index.startWatching()
        let changes = await index.changes()
        var iterator = changes.makeAsyncIterator()

        try scratch.write("-home-ada-src-demo/s2.jsonl", Lines.user("new session"))
        while let change = await iterator.next(), !change.updatedSessionIds.contains("s2") {}
        try scratch.append("-home-ada-src-demo/s1.jsonl", Array(Lines.assistant("appended").utf8))
        while let change = await iterator.next(), !change.updatedSessionIds.contains("s1") {}
        try scratch.write("-home-ada-src-later/s3.jsonl", Lines.user("in a new project", cwd: "/home/ada/src/later"))
        while let change = await iterator.next(), !change.updatedSessionIds.contains("s3") {}
        try FileManager.default.removeItem(atPath: scratch.path("-home-ada-src-demo/s2.jsonl"))
        while let change = await iterator.next(), !change.removedSessionIds.contains("s2") {}

        await index.stop()
        let sessions = try await index.sessions()
        #expect(Set(sessions.map(\.claudeSessionId)) == ["s1", "s3"])
        #expect(
            try await index.messages(claudeSessionId: "s1", limit: 10)?.messages.map(\.text) == ["one", "appended"])
        #expect(try await index.projects().count == 2)
    }
}

/// The sidecar often starts before Claude Code ever ran: `~/.claude/projects` does not exist yet, so the watcher
/// could not watch it. Once Claude Code makes it, the next query watches it and indexes what is there (before this,
/// the index stayed empty until the sidecar restarted: no projects, no external sessions, `GET /stats` at 0).
@Suite struct WatcherLateProjectsDirectoryTests {
    @Test(.timeLimit(.minutes(1))) func aProjectsDirectoryMadeAfterTheWatcherStartedIsIndexedAndWatched() async throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        try FileManager.default.removeItem(atPath: scratch.projects)
        let index = try scratch.index()
        try await index.startWatching()
        #expect(try await index.projects().isEmpty)

        try scratch.write("-home-ada-src-first/s1.jsonl", Lines.user("first ever", cwd: "/home/ada/src/first"))
        #expect(try await index.projects().map(\.path) == ["/home/ada/src/first"])
        #expect(try await index.sessions().map(\.claudeSessionId) == ["s1"])

        // And it is watched from then on: a new session is indexed without a query.
        let changes = await index.changes()
        var iterator = changes.makeAsyncIterator()
        try scratch.write("-home-ada-src-first/s2.jsonl", Lines.user("second", cwd: "/home/ada/src/first"))
        while let change = await iterator.next(), !change.updatedSessionIds.contains("s2") {}
        await index.stop()
    }
}
