import CompanionTestSupport
import Foundation
import Testing

/// An invalid settings file (`COMPANION_CONFIG`) stops every command with exit 64 and the key named, whichever
/// option group the command reads; run in process, each run with its own environment.
@Suite struct SettingsFileTests {
    static let dead = "http://127.0.0.1:9"

    /// Commands that read different option groups (vault, sidecar URL with and without --url, owner, pairing,
    /// none at all): each must refuse the file.
    static let commands: [[String]] = [
        ["status", "--url", dead], ["tasks", "list", "--url", dead], ["projects", "--url", dead],
        ["sidecar", "devices", "list", "--data-dir", "/nonexistent/settings-e2e"], ["sidecar", "pair", "--url", dead],
        ["keys", "show"], ["qr", "encode", "hello"], ["pair", "code", "123456", "--url", dead],
        ["settings", "explain"],
    ]

    @Test(arguments: [("vualt = \"file\"\n", "vualt"), ("timeout = \"ten\"\n", "timeout")])
    func anInvalidFileStopsEveryCommandWithTheKeyNamed(text: String, key: String) async throws {
        let directory = try TestPaths.temporaryDirectory("settings")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("config.toml")
        try Data(text.utf8).write(to: file)
        let cli = try InProcessCLI(["COMPANION_CONFIG": file.path])
        for arguments in Self.commands {
            let result = await cli.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stderr.contains(key) && result.stderr.contains(file.path), "\(arguments): \(result)")
            let json = await cli.run(arguments + ["--json"])
            let error = try json.json()["error"]
            #expect(error?["exitCode"]?.description == "64", "\(arguments): \(json)")
            #expect(error?["message"]?.stringValue?.contains(key) == true, "\(arguments): \(json)")
        }
    }

    /// Each run reads its own environment's file: the same command in the same process succeeds with a valid file
    /// after another run refused an invalid one (the settings are read once per run, not once per process).
    @Test func eachRunReadsItsOwnSettingsFile() async throws {
        let directory = try TestPaths.temporaryDirectory("settings")
        defer { try? FileManager.default.removeItem(at: directory) }
        let invalid = directory.appendingPathComponent("invalid.toml")
        let valid = directory.appendingPathComponent("valid.toml")
        try Data("vualt = \"file\"\n".utf8).write(to: invalid)
        try Data("timeout = 3\n".utf8).write(to: valid)
        let refused = try await InProcessCLI(["COMPANION_CONFIG": invalid.path]).run(["qr", "encode", "hello"])
        #expect(refused.status == 64, "\(refused)")
        let accepted = try await InProcessCLI(["COMPANION_CONFIG": valid.path]).run(["qr", "encode", "hello"])
        #expect(accepted.status == 0 && accepted.stderr.isEmpty, "\(accepted)")
        #expect(accepted.stdout.contains("\u{2580}") || accepted.stdout.contains("\u{2584}"), "\(accepted)")
    }
}
