import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClaudeCode

/// Claude Code's own lock (`<file>.lock`, a directory) as the writer takes it.
@Suite struct ClaudeConfigLockTests {
    /// A lock path that is an old regular file (a cloned repository can commit `.mcp.json.lock`): it cannot be
    /// removed as a stale lock, so it is waited on until the deadline and refused, instead of retried at once
    /// forever (one thread spinning at 100 % per request).
    @Test func anOldLockThatIsNotADirectoryEndsAtTheDeadline() throws {
        let directory = try TestPaths.temporaryDirectory("claude-lock")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(".mcp.json")
        let lock = directory.appendingPathComponent(".mcp.json.lock")
        try Data("not a lock".utf8).write(to: lock)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: lock.path)
        let outcome = Result { () throws(ClaudeConfigFileError) in
            try ClaudeConfigLock(file: file).acquire(wait: 0.2)
        }
        guard case .failure(.locked) = outcome else {
            Issue.record("expected .locked, got \(outcome)")
            return
        }
        #expect(FileManager.default.fileExists(atPath: lock.path), "the file is not the writer's to remove")
    }

    /// A stale lock directory (its holder died) is taken over.
    @Test func aStaleLockDirectoryIsTakenOver() throws {
        let directory = try TestPaths.temporaryDirectory("claude-lock")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("settings.json")
        let lock = directory.appendingPathComponent("settings.json.lock")
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: lock.path)
        try ClaudeConfigLock(file: file).acquire(wait: 0.2)
        ClaudeConfigLock(file: file).release()
        #expect(!FileManager.default.fileExists(atPath: lock.path))
    }
}
