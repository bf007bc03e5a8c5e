import CompanionClaudeCode
import CompanionTestSupport
import Foundation

/// A temporary directory with a copy of the committed real transcripts (`projects/`) and room for an index.
struct Scratch {
    let root: URL
    var projects: String { root.appendingPathComponent("projects").path }
    var database: String { root.appendingPathComponent("index.sqlite").path }

    static var fixtures: URL { TestPaths.testVectors.appendingPathComponent("claude/transcripts/projects") }

    /// A scratch directory; `withFixtures` copies the real transcripts into `projects/`.
    init(withFixtures: Bool = true) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("claude-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let projects = root.appendingPathComponent("projects")
        if withFixtures {
            try FileManager.default.copyItem(at: Self.fixtures, to: projects)
        } else {
            try FileManager.default.createDirectory(at: projects, withIntermediateDirectories: true)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    func index(debounce: Duration = .milliseconds(50)) throws -> ClaudeIndex {
        try ClaudeIndex(databasePath: database, projectsDirectory: projects, debounce: debounce)
    }

    func path(_ relative: String) -> String { projects + "/" + relative }

    func write(_ relative: String, _ text: String) throws {
        let url = URL(fileURLWithPath: path(relative))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func append(_ relative: String, _ bytes: some Sequence<UInt8>) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path(relative)))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(bytes))
    }
}

/// Transcript lines shaped like the real CLI's.
enum Lines {
    static func user(
        _ text: String, uuid: String = UUID().uuidString, cwd: String = "/home/ada/src/demo",
        time: String = "2026-11-23T10:00:00.000Z"
    ) -> String {
        record([
            "parentUuid": NSNull(), "isSidechain": false, "type": "user",
            "message": ["role": "user", "content": text], "uuid": uuid, "timestamp": time, "cwd": cwd,
            "sessionId": "s", "version": "2.1.330", "gitBranch": "main",
        ])
    }

    static func assistant(_ text: String, time: String = "2026-11-23T10:00:01.000Z") -> String {
        record([
            "parentUuid": NSNull(), "isSidechain": false, "type": "assistant",
            "message": [
                "id": "msg_1", "type": "message", "role": "assistant", "model": "claude-opus-5-5",
                "content": [["type": "text", "text": text]],
            ], "uuid": UUID().uuidString, "timestamp": time, "cwd": "/home/ada/src/demo", "sessionId": "s",
        ])
    }

    static func record(_ object: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
