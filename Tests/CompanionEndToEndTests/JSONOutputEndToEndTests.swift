import CompanionTestSupport
import Foundation
import Testing

/// The `--json` documents of commands that had none: `sidecar hooks install|uninstall` and `tasks api-key`.
@Suite struct JSONOutputEndToEndTests {
    @Test func hooksInstallAndUninstallPrintJSON() async throws {
        let root = try TestPaths.temporaryDirectory("hooks-json")
        defer { try? FileManager.default.removeItem(at: root) }
        let location = [
            "--settings", root.appendingPathComponent("claude/settings.json").path,
            "--data-dir", root.appendingPathComponent("data").path,
        ]
        let cli = CompanionCLI()
        let (installed, status) = try await cli.json(["sidecar", "hooks", "install"] + location)
        #expect(installed.status == Exit.success, "\(installed)")
        #expect(status["events"]?.arrayValue?.isEmpty == false, "\(installed)")
        let command = status["commands"]?.arrayValue?.first?.stringValue ?? ""
        #expect(
            command.hasSuffix(" hook --socket '\(root.appendingPathComponent("data/owner.sock").path)'"), "\(installed)"
        )
        #expect(status["urls"]?.arrayValue?.isEmpty == true, "\(installed)")
        let (_, reported) = try await cli.json(["sidecar", "hooks", "status"] + location)
        #expect(reported == status, "install prints what status shows")

        let (removed, removal) = try await cli.json(["sidecar", "hooks", "uninstall"] + location)
        #expect(removed.status == Exit.success, "\(removed)")
        #expect(removal["ok"] == .bool(true) && (removal["removedGroups"]?.description ?? "0") != "0", "\(removed)")
        let (_, again) = try await cli.json(["sidecar", "hooks", "uninstall"] + location)
        #expect(again["removedGroups"]?.description == "0", "nothing left to remove: \(again)")
    }

    @Test func tasksAPIKeyPrintsWhatHappenedButNeverTheKey() async throws {
        let root = try TestPaths.temporaryDirectory("api-key-json")
        defer { try? FileManager.default.removeItem(at: root) }
        let key = "k-\(UUID().uuidString)"
        let file = root.appendingPathComponent("task.key")
        try Data("\(key)\n".utf8).write(to: file)
        let cli = CompanionCLI()
        let (stored, storedJSON) = try await cli.json(["tasks", "api-key", "--file", file.path])
        #expect(stored.status == Exit.success, "\(stored)")
        #expect(storedJSON["apiKey"] == .string("stored") && storedJSON["profile"] == .string(cli.profile))
        #expect(!stored.stdout.contains(key) && !stored.stderr.contains(key), "the key is never printed")
        let (cleared, clearedJSON) = try await cli.json(["tasks", "api-key", "--clear"])
        #expect(cleared.status == Exit.success && clearedJSON["apiKey"] == .string("cleared"), "\(cleared)")
    }
}
