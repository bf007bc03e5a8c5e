import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// The usage log's files: one per backend and item, named so that no item name leaves its directory, and the
/// times an earlier version wrote to `usage.json` still read.
struct VaultUsageLogTests {
    @Test func namesWithSlashesAndDotsStayInsideTheBackendDirectory() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = VaultUsageLog(path: dir.appendingPathComponent("state/usage.json"))
        let names = ["../escape", "a/b", "..", ".", "-_+=", String(repeating: "~", count: 128)]
        let when = Date(timeIntervalSince1970: 1_790_000_000.25)
        log.touch(backend: "file", names: names, at: when)

        let recorded = try #require(log.entries()["file"])
        #expect(recorded.keys.sorted() == names.sorted())
        for name in names { #expect(abs(recorded[name]!.timeIntervalSince(when)) < 0.001, "\(name)") }
        let files = try FileManager.default.contentsOfDirectory(
            atPath: log.directory.appendingPathComponent("file").path)
        #expect(files.count == names.count)
        #expect(files.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
        // Nothing was written anywhere else in the state directory.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("state").path) == ["usage"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["state"])
    }

    @Test func aLaterReadMovesTheTimeAndForgettingRemovesIt() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = VaultUsageLog(path: dir.appendingPathComponent("state/usage.json"))
        let first = Date(timeIntervalSince1970: 1_790_000_000)
        log.touch(backend: "secret-service", name: "identity", at: first)
        log.touch(backend: "secret-service", name: "identity", at: first.addingTimeInterval(90))
        #expect(log.lastUsed(backend: "secret-service", name: "identity") == first.addingTimeInterval(90))
        #expect(log.lastUsed(backend: "file", name: "identity") == nil)
        log.forget(backend: "secret-service", name: "identity")
        #expect(log.entries().isEmpty)
    }

    @Test func timesInTheEarlierJSONFileAreReadAndTheNewerTimeWins() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let state = dir.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let legacy = """
            {"file": {"identity": "2026-01-02T03:04:05Z", "pairing": "2026-01-02T03:04:05Z"}}
            """
        try Data(legacy.utf8).write(to: state.appendingPathComponent("usage.json"))
        let log = VaultUsageLog(path: state.appendingPathComponent("usage.json"))
        let old = Date(timeIntervalSince1970: 1_767_323_045)  // 2026-01-02T03:04:05Z
        #expect(log.lastUsed(backend: "file", name: "identity") == old)

        let later = old.addingTimeInterval(3600)
        log.touch(backend: "file", name: "identity", at: later)
        #expect(log.entries()["file"] == ["identity": later, "pairing": old])
        // An older per-item time does not hide a newer one from the earlier file.
        log.touch(backend: "file", name: "pairing", at: old.addingTimeInterval(-60))
        #expect(log.lastUsed(backend: "file", name: "pairing") == old)

        log.forget(backend: "file", name: "pairing")
        #expect(log.entries()["file"] == ["identity": later])
    }

    @Test func fileNamesItDidNotWriteAreIgnored() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = VaultUsageLog(path: dir.appendingPathComponent("state/usage.json"))
        log.touch(backend: "file", name: "identity")
        let backend = log.directory.appendingPathComponent("file")
        for stray in ["not base64!", "aWRlbnRpdHk=", ".hidden"] {
            try Data().write(to: backend.appendingPathComponent(stray))
        }
        #expect(log.entries()["file"]?.keys.sorted() == ["identity"])
        #expect(ItemFileName.decode(ItemFileName.encode("a/b")) == "a/b")
        #expect(ItemFileName.decode("aWRlbnRpdHk") == "identity")
        #expect(ItemFileName.decode("aWRlbnRpdHk=") == nil)
    }
}
