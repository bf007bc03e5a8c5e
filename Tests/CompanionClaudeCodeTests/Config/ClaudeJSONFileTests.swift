import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClaudeCode

/// The JSON file writer on real files in a temporary directory.
@Suite struct ClaudeJSONFileTests {
    let directory: URL

    init() throws { directory = try TestPaths.temporaryDirectory("claude-json") }

    func file(_ name: String = "settings.json", _ text: String? = nil, mode: Int = 0o600) throws -> ClaudeJSONFile {
        let url = directory.appendingPathComponent(name)
        if let text {
            try Data(text.utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
        return ClaudeJSONFile(url: url)
    }

    func bytes(_ file: ClaudeJSONFile) throws -> Data { try Data(contentsOf: file.url) }

    @Test func anUpdateKeepsEveryKeyItDoesNotTouchWithItsValue() throws {
        let original = #"""
            {"zeta": {"nested": [1, 2.5, "x", null, true, false, {"deep": "kept"}]}, "big": 12345678901234,
             "unicode": "é✓", "model": "opus", "url": "https://a/b", "flag": false, "zero": 0}
            """#
        let target = try file("settings.json", original)
        let (_, written) = try target.update { $0["model"] = "sonnet" }
        #expect(written)
        let after = try JSONSerialization.jsonObject(with: try bytes(target)) as! [String: Any]
        let before = try JSONSerialization.jsonObject(with: Data(original.utf8)) as! [String: Any]
        #expect(after["model"] as? String == "sonnet")
        for key in before.keys where key != "model" {
            #expect(
                try ClaudeJSONFileTestsSupport.canonical(after[key]!)
                    == ClaudeJSONFileTestsSupport.canonical(before[key]!),
                "\(key) changed")
        }
        // Booleans stay booleans and 0 stays a number (Foundation bridges both to NSNumber).
        let text = String(decoding: try bytes(target), as: UTF8.self)
        #expect(text.contains("\"flag\" : false") && text.contains("\"zero\" : 0"))
        #expect(try mode(target.url.path) == 0o600)
    }

    @Test func aChangeThatChangesNothingWritesNothing() throws {
        let original = "{ \"b\":1,\n  \"a\" : [ 1,2 ] }\n"
        let target = try file("settings.json", original)
        let (_, written) = try target.update { $0["b"] = 1 }
        #expect(!written)
        #expect(try bytes(target) == Data(original.utf8))
        #expect(!FileManager.default.fileExists(atPath: target.backupURL.path))
    }

    @Test func thePreviousVersionIsKeptAsABackup() throws {
        let original = #"{"model":"opus"}"#
        let target = try file("settings.json", original)
        try target.update { $0["model"] = "haiku" }
        #expect(try Data(contentsOf: target.backupURL) == Data(original.utf8))
        #expect(try mode(target.backupURL.path) == 0o600)
    }

    @Test(arguments: ["{\"a\": 1", "[1, 2]", "not json", "{\"a\": 1} trailing"])
    func aMalformedFileIsReportedAndNeverOverwritten(text: String) throws {
        let target = try file("claude.json", text)
        #expect(throws: ClaudeConfigFileError.self) { try target.update { $0["x"] = 1 } }
        #expect(try bytes(target) == Data(text.utf8))
        do {
            _ = try target.read()
            Issue.record("a malformed file was read")
        } catch {
            #expect(error.description.contains("left unchanged") && error.description.contains(target.url.path))
        }
        // Nothing was left behind: no temporary file, no lock.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names == ["claude.json"])
    }

    @Test func aMissingFileIsCreatedWithTheCreationMode() throws {
        let target = ClaudeJSONFile(url: directory.appendingPathComponent("new.json"), creationMode: 0o600)
        #expect(try target.read().exists == false)
        try target.update { $0["mcpServers"] = ["a": ["command": "x"]] }
        #expect(try mode(target.url.path) == 0o600)
        #expect(try target.read().object["mcpServers"] != nil)
    }

    @Test func aChangeThatThrowsWritesNothing() throws {
        struct Refused: Error {}
        let original = #"{"a":1}"#
        let target = try file("settings.json", original)
        #expect(throws: Refused.self) { try target.update { _ in throw Refused() } }
        #expect(try bytes(target) == Data(original.utf8))
        #expect(!FileManager.default.fileExists(atPath: target.url.path + ".lock"))
    }

    @Test func aStaleLockOfADeadWriterIsTakenOver() throws {
        let target = try file("settings.json", #"{"a":1}"#)
        let lock = target.url.path + ".lock"
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: lock)
        try target.update { $0["a"] = 2 }
        #expect(try target.read().object["a"] as? Int == 2)
        #expect(!FileManager.default.fileExists(atPath: lock))
    }

    @Test func aHeldLockIsWaitedForAndThenReported() throws {
        let target = try file("settings.json", #"{"a":1}"#)
        let lock = target.url.path + ".lock"
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: lock) }
        #expect(throws: ClaudeConfigFileError.locked(path: target.url.path)) { try target.update { $0["a"] = 2 } }
        #expect(try target.read().object["a"] as? Int == 1)
    }

    /// A writer that does not take the lock replaces the file (temporary file and rename, as `claude` does)
    /// after our last look at it and before our new version goes in: its change is kept, and ours is applied to
    /// its version. (With a stamp check followed by a plain rename, its change was lost.)
    @Test(arguments: [true, false])
    func aRenameBetweenTheCheckAndTheSwapIsNotLost(fileExisted: Bool) throws {
        var target = try file("claude.json", fileExisted ? #"{"mcpServers": {"a": {"command": "x"}}}"# : nil)
        let url = target.url
        let interloper = Interloper {
            let other = url.deletingLastPathComponent().appendingPathComponent("their.tmp")
            var object = (try? ClaudeJSONFile(url: url).read().object) ?? [:]
            object["theirs"] = true
            guard let data = try? JSONSerialization.data(withJSONObject: object), (try? data.write(to: other)) != nil
            else { return }
            _ = rename(other.path, url.path)
        }
        target.beforeSwap = { interloper.runOnce() }
        let (_, written) = try target.update { object in
            var servers = object["mcpServers"] as? [String: Any] ?? [:]
            servers["ours"] = ["command": "y"]
            object["mcpServers"] = servers
        }
        #expect(written && interloper.ran)
        let after = try target.read().object
        #expect(after["theirs"] as? Bool == true, "the other writer's change was lost")
        #expect((after["mcpServers"] as? [String: Any])?["ours"] != nil, "our change was lost")
        if fileExisted { #expect((after["mcpServers"] as? [String: Any])?["a"] != nil) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") || $0.hasSuffix(".lock") }, "\(names)")
    }

    @Test func manyWritersInThisProcessLoseNoUpdate() async throws {
        let target = try file("claude.json", #"{"keep": "me"}"#)
        // A writer's error fails the test (it is not a lost update to be found by the count below).
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    _ = try target.update { object in
                        var servers = object["mcpServers"] as? [String: Any] ?? [:]
                        servers["s\(index)"] = ["command": "c\(index)"]
                        object["mcpServers"] = servers
                    }
                }
            }
            try await group.waitForAll()
        }
        let object = try target.read().object
        #expect((object["mcpServers"] as? [String: Any])?.count == 16)
        #expect(object["keep"] as? String == "me")
    }
}

enum ClaudeJSONFileTestsSupport {
    /// A value's sorted JSON text (to compare values whatever their key order).
    static func canonical(_ value: Any) throws -> String {
        String(
            decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]),
            as: UTF8.self)
    }
}

/// Runs a closure the first time it is asked to (the other writer of one test), and says whether it did.
private final class Interloper: @unchecked Sendable {
    private let lock = NSLock()
    private let action: () -> Void
    private var done = false

    init(_ action: @escaping () -> Void) { self.action = action }

    var ran: Bool { lock.withLock { done } }

    func runOnce() {
        let first = lock.withLock {
            defer { done = true }
            return !done
        }
        if first { action() }
    }
}
