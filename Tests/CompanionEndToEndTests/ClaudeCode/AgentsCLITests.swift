import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeCLISuites {
    /// `companion sidecar hooks`, `agents`, `watch`, `approve` and `sidecar audit` from a paired device, against a real
    /// `companion sidecar serve` running the real `claude` in a real tmux session, answered by the scripted endpoint.
    @Suite(.serialized, .timeLimit(.minutes(5)))
    struct AgentsCLITests {
        @Test func watchShowsTheRequestAndApproveLetsTheToolRun() async throws {
            let world = try await AgentsCLIWorld.start()
            defer { world.stop() }
            let cli = world.cli
            let (_, status) = try await cli.json(["sidecar", "hooks", "status"] + world.location)
            #expect(status["events"]?.arrayValue?.isEmpty == true)
            let id = try await world.startClaude()
            let (_, installed) = try await cli.json(["sidecar", "hooks", "status"] + world.location)
            #expect(installed["commands"]?.arrayValue?.count == 1 && installed["urls"]?.arrayValue?.isEmpty == true)
            #expect(installed["missingEvents"]?.arrayValue?.isEmpty == true)

            // A second device that may only read (paired before the request is held, so no hold time is spent).
            let reader = CompanionCLI()
            _ = try await ConnectionEndToEndTests.pair(reader, world.sidecar, name: "Reader", scopes: [.read])

            let watch = try cli.spawn(["watch", "--json", "--exit-on-attention"])
            // docs/cli.md: `agents send`, `tail` and `rm` take --json too.
            let (sent, sentJSON) = try await cli.json(["agents", "send", id, "please make the file"])
            #expect(sent.status == Exit.success && sentJSON["id"]?.stringValue == id, "\(sent)")
            let watched = try await watch.finish(timeout: 90)
            #expect(watched.status == Exit.success, "\(watched)")
            let attention = AgentsCLIWorld.approvalAttention(watchedJSON: watched.stdout)
            let approval = try #require(attention?["approval_id"] as? String, "\(watched.stdout)")
            #expect(attention?["tool"] as? String == "Bash")

            // The reader sees the request but may not answer it: 403 naming `control`, and it stays held.
            let seen = try await reader.run(["agents", "show", id, "--json"])
            #expect(seen.status == Exit.success && seen.stdout.contains(approval), "\(seen)")
            for verb in ["approve", "deny"] {
                let refused = try await reader.run([verb, approval])
                #expect(refused.status != Exit.success, "\(verb): \(refused)")
                #expect(refused.stderr.contains("lacks the 'control' scope"), "\(verb): \(refused)")
            }
            let approved = try await cli.run(["approve", approval])
            #expect(approved.status == Exit.success, "\(approved)")
            #expect(approved.stdout.hasPrefix("Allowed \(approval)"))
            try await world.waitForTheAnswer(id)
            #expect(FileManager.default.fileExists(atPath: world.file))
            let again = try await cli.run(["approve", approval])
            #expect(again.status != Exit.success)

            let (listed, sessions) = try await cli.json(["agents", "list"])
            #expect(listed.status == Exit.success)
            #expect(sessions.arrayValue?.first?["id"]?.stringValue == id)

            let dataDirectory = world.sidecar.dataDirectory.path
            let audit = try await cli.run(["sidecar", "audit", "--verify", "--data-dir", dataDirectory])
            #expect(audit.status == Exit.success, "\(audit)")
            #expect(
                audit.stdout.contains("approval_allowed") && audit.stdout.contains("chain intact"), "\(audit.stdout)")
            #expect(!audit.stdout.contains("please make the file"))

            let (tailed, tail) = try await cli.json(["agents", "tail", id, "--lines", "5"])
            #expect(tailed.status == Exit.success && tail["session_id"]?.stringValue == id, "\(tailed)")
            #expect(tail["lines"]?.arrayValue != nil, "\(tail)")
            let (removed, removedJSON) = try await cli.json(["agents", "rm", id])
            #expect(removed.status == Exit.success, "\(removed)")
            #expect(removedJSON["deleted"] == .bool(true) && removedJSON["id"]?.stringValue == id, "\(removedJSON)")
            let uninstall = try await cli.run(["sidecar", "hooks", "uninstall"] + world.location)
            #expect(uninstall.status == Exit.success, "\(uninstall)")
            #expect(try Data(contentsOf: world.sandbox.settingsFile) == Data(AgentsCLIWorld.usersSettings.utf8))
        }

        /// The prompt of `companion watch`: the request is numbered in the list and `a 1` allows it.
        @Test func aRequestIsAnsweredAtTheWatchPrompt() async throws {
            let world = try await AgentsCLIWorld.start()
            defer { world.stop() }
            let id = try await world.startClaude()
            let watch = try world.cli.spawn(["watch", "--prompt"])
            defer { watch.kill(SIGTERM) }
            _ = try await world.cli.run(["agents", "send", id, "please make the file"])
            try await watch.waitForOutput(timeout: 90) { out, _ in out.contains("[1] ap-") }
            #expect(!FileManager.default.fileExists(atPath: world.file))
            watch.write("a 1\n")
            try await watch.waitForOutput(timeout: 60) { out, _ in out.contains("Allowed ap-") }
            try await world.waitForTheAnswer(id)
            #expect(FileManager.default.fileExists(atPath: world.file))
        }

        /// `companion deny`: the request is refused from the paired device, so Claude Code does not run the tool.
        @Test func denyFromTheCLIStopsTheTool() async throws {
            let world = try await AgentsCLIWorld.start()
            defer { world.stop() }
            let cli = world.cli
            let id = try await world.startClaude()
            let watch = try cli.spawn(["watch", "--json", "--exit-on-attention"])
            _ = try await cli.run(["agents", "send", id, "please make the file"])
            let watched = try await watch.finish(timeout: 90)
            #expect(watched.status == Exit.success, "\(watched)")
            let attention = AgentsCLIWorld.approvalAttention(watchedJSON: watched.stdout)
            let approval = try #require(attention?["approval_id"] as? String, "\(watched.stdout)")

            let denied = try await cli.run(["deny", approval])
            #expect(denied.status == Exit.success, "\(denied)")
            #expect(denied.stdout.hasPrefix("Denied \(approval)"), "\(denied.stdout)")
            try await world.waitForTheAnswer(id)
            #expect(!FileManager.default.fileExists(atPath: world.file), "the denied tool ran")
            // The first decision won: an approval afterwards is refused (409, the sidecar's error: exit 5).
            let late = try await cli.run(["approve", approval])
            #expect(late.status == Exit.server, "\(late)")
            let audit = try await cli.run(
                ["sidecar", "audit", "--data-dir", world.sidecar.dataDirectory.path])
            #expect(audit.stdout.contains("approval_denied") && !audit.stdout.contains("approval_allowed"), "\(audit)")
        }

        /// Two requests of one session held at once (posted as Claude Code posts them): `watch --prompt` numbers
        /// both, with their tool and input, and `a 2` allows the second, whose hook gets the answer.
        @Test func theWatchPromptNumbersEveryHeldRequest() async throws {
            let world = try await AgentsCLIWorld.start()
            defer { world.stop() }
            let install = try await world.cli.run(["sidecar", "hooks", "install"] + world.location)
            #expect(install.status == Exit.success, "\(install)")
            // Posted as Claude Code's hooks post them: the installed `companion hook` command, event on stdin.
            let socket = world.sidecar.dataDirectory.appendingPathComponent("owner.sock").path
            func request(_ command: String) -> Task<HTTPReply, any Error> {
                let body = try! JSONSerialization.data(withJSONObject: [
                    "hook_event_name": "PermissionRequest", "session_id": "two-held", "cwd": world.project,
                    "tool_name": "Bash", "tool_input": ["command": command],
                ])
                return Task {
                    let run = try await ProcessRunner.run(
                        TestPaths.companionBinary.path, ["hook", "--socket", socket],
                        input: String(decoding: body, as: UTF8.self), timeout: 120)
                    return HTTPReply(status: Int(run.status), headers: [:], body: Data(run.stdout.utf8))
                }
            }
            let watch = try world.cli.spawn(["watch", "--prompt"])
            defer { watch.kill(SIGTERM) }
            try await watch.waitForOutput { out, _ in out.contains("Agent sessions: 0") }
            let first = request("touch /tmp/first-held")
            try await watch.waitForOutput { out, _ in out.contains("[1] ap-") }
            let second = request("touch /tmp/second-held")
            try await watch.waitForOutput { out, _ in out.contains("[2] ap-") && out.contains("touch /tmp/second-held")
            }
            watch.write("a 2\n")
            let allowed = try await second.value
            #expect(String(decoding: allowed.body, as: UTF8.self).contains(#""behavior":"allow""#))
            try await watch.waitForOutput { out, _ in out.contains("Allowed ap-") }
            // The first is still held (and still listed), until answered too.
            let (_, attention) = try await world.cli.json(["agents", "list"])
            #expect(attention.arrayValue?.first?["attention"]?["input_summary"]?.stringValue == "touch /tmp/first-held")
            watch.write("d 1\n")
            let denied = try await first.value
            #expect(String(decoding: denied.body, as: UTF8.self).contains(#""behavior":"deny""#))
        }
    }
}
