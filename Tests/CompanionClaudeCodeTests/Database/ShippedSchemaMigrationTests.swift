import CompanionDatabase
import Foundation
import GRDB
import Testing

@testable import CompanionClaudeCode

/// Each Claude Code database, made as the oldest shipped code made it (``ShippedSchemas``: raw SQL from git
/// history), is opened by today's code: its data survives (or, for the index, a cache, is rebuilt from the
/// transcripts), the migrator records its migrations, and the database runs in WAL mode at its durability.
@Suite struct ShippedSchemaMigrationTests {
    @Test func anIndexOfVersion1IsRebuiltFromTheTranscripts() async throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try ShippedSchemas.write(ShippedSchemas.indexVersion1, to: scratch.database)
        try Self.insertStaleSession(into: scratch.database, title: nil)
        let index = try scratch.index()
        #expect(try await index.reading { try $0.columns(in: "session").contains { $0.name == "prompt_title" } })
        #expect(try await index.reading { try Int.fetchOne($0, sql: "SELECT count(*) FROM session") } == 0)
        let sessions = try await index.sessions()
        #expect(sessions.count == 6)
        #expect(!sessions.contains { $0.claudeSessionId == "stale" })
        #expect(
            try await index.reading(IndexSchema.migrator.appliedIdentifiers) == ["index-v2: project, session, message"])
    }

    @Test func anIndexOfVersion2IsAdoptedWithItsRows() async throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        try ShippedSchemas.write(ShippedSchemas.indexVersion2, to: scratch.database)
        try Self.insertStaleSession(into: scratch.database, title: "kept")
        let index = try scratch.index()
        // Read before any refresh: the row the old code wrote is still there.
        #expect(try await index.reading { try String.fetchOne($0, sql: "SELECT title FROM session") } == "kept")
        #expect(try await index.reading(SQLiteDiagnostics.journalMode) == "wal")
        #expect(try await index.reading(SQLiteDiagnostics.synchronous) == 1)
    }

    @Test func theRunRegistryOfItsFirstVersionKeepsItsRuns() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("runs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(ClaudeRunRegistry.fileName).path
        try ShippedSchemas.write(ShippedSchemas.runsVersion1, to: path)
        let old = try DatabaseQueue(path: path)
        try old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO claude_run VALUES ('run-1', 4242, 4242, 987654, 'boot-1', 'session-1', '/home/ada',
                        'claude-1', '2026-11-23 10:00:00.000')
                    """)
        }
        try old.close()
        let registry = try ClaudeRunRegistry(directory: directory)
        let entries = try registry.all()
        #expect(
            entries == [
                .init(
                    runID: "run-1", pid: 4242, processGroup: 4242, startTime: 987654, bootID: "boot-1",
                    tag: "session-1", workingDirectory: "/home/ada", claudeSessionID: "claude-1",
                    startedAt: Date(timeIntervalSince1970: 1_795_428_000))
            ])
        try registry.remove(runID: "run-1")
        #expect(try registry.all().isEmpty)
        let reopened = try DatabaseQueue(path: path)
        defer { try? reopened.close() }
        #expect(try reopened.read(SQLiteDiagnostics.journalMode) == "wal")
        #expect(try reopened.read(ClaudeRunRegistry.migrator.appliedIdentifiers) == ["runs-v1: claude_run"])
    }

    @Test func managedSessionsOfTheFirstVersionSurvive() async throws {
        let scratch = try Scratch(withFixtures: false)
        defer { scratch.remove() }
        let path = scratch.root.appendingPathComponent("claude-sessions.sqlite").path
        try ShippedSchemas.write(ShippedSchemas.managedSessionsVersion1, to: path)
        let id = UUID()
        let old = try DatabaseQueue(path: path)
        try await old.write { db in
            try db.execute(
                sql: """
                    INSERT INTO managed_sessions VALUES (?, 'claude-1', 'review', '/home/ada/src/demo',
                        '{"model":"sonnet"}', 'active', 3, 0.25, NULL, NULL, 1795428000, 1795428060)
                    """, arguments: [id.uuidString])
        }
        try old.close()
        let store = try ManagedSessionStore(path: path)
        let session = try #require(try await store.session(id: id))
        #expect(session.name == "review" && session.claudeSessionId == "claude-1")
        #expect(session.options.model == "sonnet" && session.messageCount == 3 && session.totalCostUSD == 0.25)
        #expect(session.lastActiveAt == Date(timeIntervalSince1970: 1_795_428_060))
        #expect(try await store.settleInterrupted() == [id])
        #expect(try await store.session(id: id)?.status == .cancelled)
    }

    /// A session row the old code could have written, for a transcript that no longer exists.
    static func insertStaleSession(into path: String, title: String?) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO project VALUES ('-home-ada-gone', 'id', '/home/ada/gone', 1)")
            let titleColumn = title == nil ? "" : ", title"
            let titleValue = title == nil ? "" : ", ?"
            try db.execute(
                sql:
                    "INSERT INTO session (dir, session_id\(titleColumn)) VALUES ('-home-ada-gone', 'stale'\(titleValue))",
                arguments: title.map { [$0] } ?? [])
        }
    }
}
