import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeCLISuites {
    /// `companion sidecar hooks`, `agents`, `watch`, `approve` and `sidecar audit` from a paired device, against a real
    /// `companion sidecar serve` running the real `claude` in a real tmux session, answered by the scripted endpoint.
    @Suite(.serialized, .timeLimit(.minutes(5)))
    struct AgentsCLITests {
        @Test func watchShowsTheRequestAndApproveLetsTheToolRun() async throws {
            let file = NSTemporaryDirectory() + "cli-approved-\(UUID().uuidString)"
            let endpoint = try ScriptedModelEndpoint { request in
                if request.answersToolUse { return .text("Done.", pieces: 1) }
                if request.lastUserPrompt == "please make the file" { return .bash("touch \(file)") }
                return .text("OK", pieces: 1)
            }
            let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
            let tmuxSocket = "companion-cli-\(UUID().uuidString.prefix(8))"
            let claude = try ClaudeCLIBinary.locate()
            let usersSettings = #"{"permissions": {"defaultMode": "default"}}"# + "\n"
            try Data(usersSettings.utf8).write(to: sandbox.settingsFile)
            let project = try sandbox.makeProject("cli-agents")
            let sidecar = try await SidecarProcess.start(
                SidecarOptions(
                    arguments: ["--claude-path", claude, "--log-level", "warning", "--tmux-socket", tmuxSocket],
                    environment: sandbox.environment.mapValues { Optional($0) }))
            defer {
                sidecar.stop()
                _ = try? ProcessRunner.run("/usr/bin/tmux", ["-L", tmuxSocket, "kill-server"], timeout: 10)
                endpoint.stop()
                sandbox.remove()
            }
            let cli = CompanionCLI()
            _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Phone")

            let location = ["--settings", sandbox.settingsFile.path, "--data-dir", sidecar.dataDirectory.path]
            let install = try await cli.run(["sidecar", "hooks", "install", "--port", String(sidecar.port)] + location)
            #expect(install.status == Exit.success, "\(install)")
            let (_, status) = try await cli.json(["sidecar", "hooks", "status"] + location)
            #expect(status["hasSecret"]?.boolValue == true)
            #expect(status["missingEvents"]?.arrayValue?.isEmpty == true)

            let (created, session) = try await cli.json(["agents", "new", "--project", project, "--command", claude])
            #expect(created.status == Exit.success, "\(created)")
            let id = try #require(session["id"]?.stringValue)
            let tail = try cli.spawn(["agents", "tail", id, "--follow"])
            try await tail.waitForOutput { out, _ in out.contains("? for shortcuts") }
            tail.kill(SIGTERM)

            let watch = try cli.spawn(["watch", "--json", "--exit-on-attention"])
            let sent = try await cli.run(["agents", "send", id, "please make the file"])
            #expect(sent.status == Exit.success, "\(sent)")
            let watched = try await watch.finish(timeout: 90)
            #expect(watched.status == Exit.success, "\(watched)")
            let events = watched.stdout.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            let attention = events.compactMap { ($0["session"] as? [String: Any])?["attention"] as? [String: Any] }
                .last { $0["kind"] as? String == "approval" }
            let approval = try #require(attention?["approval_id"] as? String, "\(watched.stdout)")
            #expect(attention?["tool"] as? String == "Bash")

            let approved = try await cli.run(["approve", approval])
            #expect(approved.status == Exit.success, "\(approved)")
            #expect(approved.stdout.hasPrefix("Allowed \(approval)"))
            let done = try cli.spawn(["agents", "tail", id, "--follow"])
            try await done.waitForOutput { out, _ in out.contains("Done.") }
            done.kill(SIGTERM)
            #expect(FileManager.default.fileExists(atPath: file))
            let again = try await cli.run(["approve", approval])
            #expect(again.status != Exit.success)

            let (listed, sessions) = try await cli.json(["agents", "list"])
            #expect(listed.status == Exit.success)
            #expect(sessions.arrayValue?.first?["id"]?.stringValue == id)

            let audit = try await cli.run(["sidecar", "audit", "--verify", "--data-dir", sidecar.dataDirectory.path])
            #expect(audit.status == Exit.success, "\(audit)")
            #expect(
                audit.stdout.contains("approval_allowed") && audit.stdout.contains("chain intact"), "\(audit.stdout)")
            #expect(!audit.stdout.contains("please make the file"))

            let removed = try await cli.run(["agents", "rm", id])
            #expect(removed.status == Exit.success, "\(removed)")
            let uninstall = try await cli.run(["sidecar", "hooks", "uninstall"] + location)
            #expect(uninstall.status == Exit.success, "\(uninstall)")
            #expect(try Data(contentsOf: sandbox.settingsFile) == Data(usersSettings.utf8))
        }
    }
}
