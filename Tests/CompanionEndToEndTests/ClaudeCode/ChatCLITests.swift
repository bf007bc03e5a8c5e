import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeCLISuites {
    /// `companion projects`, `sessions` and `chat` from a paired device (signed requests), against a real
    /// `companion sidecar serve` running the real `claude` in a sandbox, answered by the scripted model endpoint.
    @Suite(.serialized, .timeLimit(.minutes(5)))
    struct ChatCLITests {
        struct World {
            let endpoint: ScriptedModelEndpoint
            let sandbox: ClaudeSandbox
            let sidecar: SidecarProcess
            let cli: CompanionCLI

            func stop() {
                sidecar.stop()
                endpoint.stop()
                sandbox.remove()
            }
        }

        /// A sidecar serving Claude Code with `rule` as the model, and a companion paired with it.
        static func world(_ rule: @escaping @Sendable (ScriptedModelRequest) -> ScriptedModelReply) async throws
            -> World
        {
            let endpoint = try ScriptedModelEndpoint(rule: rule)
            let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
            let environment = sandbox.environment.mapValues { Optional($0) }
            let sidecar = try await SidecarProcess.start(
                SidecarOptions(
                    arguments: ["--claude-path", try ClaudeCLIBinary.locate(), "--log-level", "warning"],
                    environment: environment))
            let cli = CompanionCLI()
            _ = try await ConnectionEndToEndTests.pair(cli, sidecar, name: "Laptop")
            return World(endpoint: endpoint, sandbox: sandbox, sidecar: sidecar, cli: cli)
        }

        @Test func chatStreamsResumesAndTheSessionIsListed() async throws {
            let world = try await Self.world { request in
                .text(request.lastUserPrompt == "second" ? "the second answer" : "the first answer", pieces: 4)
            }
            defer { world.stop() }
            let first = try await world.cli.run(["chat", "--new", "--name", "cli chat", "first"])
            #expect(first.status == Exit.success, "\(first)")
            #expect(first.stdout == "the first answer\n")
            let (listed, sessions) = try await world.cli.json(["sessions", "list"])
            #expect(listed.status == Exit.success, "\(listed)")
            let id = try #require(sessions["items"]?.arrayValue?.first?["id"]?.stringValue)
            #expect(sessions["items"]?.arrayValue?.first?["name"]?.stringValue == "cli chat")
            // The table fits a 40-column terminal (the id is cut with an ellipsis); --wide shows it whole.
            let narrow = CompanionCLI(profile: world.cli.profile, environment: ["COLUMNS": "40"])
            let fitted = try await narrow.run(["sessions", "list"])
            #expect(fitted.status == Exit.success, "\(fitted)")
            #expect(fitted.stdout.split(separator: "\n").allSatisfy { $0.count <= 40 }, "\(fitted.stdout)")
            // The table shows ids in lower case (the API's JSON in upper case).
            #expect(fitted.stdout.contains("…") && !fitted.stdout.contains(id.lowercased()), "\(fitted.stdout)")
            #expect(try await narrow.run(["sessions", "list", "--wide"]).stdout.contains(id.lowercased()))

            let second = try await world.cli.run(["chat", "--session", id, "second"])
            #expect(second.stdout == "the second answer\n", "\(second)")
            let resumed = try #require(world.endpoint.messageRequests.last { $0.lastUserPrompt == "second" })
            #expect(resumed.allTexts.contains("first") && resumed.allTexts.contains("the first answer"))

            let shown = try await world.cli.run(["sessions", "show", id])
            #expect(shown.status == Exit.success, "\(shown)")
            for text in ["first", "the first answer", "second", "the second answer"] {
                #expect(shown.stdout.contains(text), "\(shown.stdout)")
            }
            let fork = try await world.cli.run(["sessions", "fork", id])
            #expect(fork.status == Exit.success && fork.stdout.hasPrefix("Forked into "), "\(fork)")
        }

        /// Ctrl-C cancels the run on the workstation before the command exits (130); the partial answer stays, the
        /// session is `cancelled` and can be continued.
        @Test func controlCCancelsOnTheWorkstationFirst() async throws {
            let world = try await Self.world { request in
                request.lastUserPrompt == "long"
                    ? .stalling("a long answer that never ends", pieces: 6, after: 2) : .text("back again")
            }
            defer { world.stop() }
            let chat = try world.cli.spawn(["chat", "--new", "long"])
            try await chat.waitForOutput { out, _ in out.count >= 8 }
            kill(chat.pid, SIGINT)
            let result = try await chat.finish(timeout: 60)
            #expect(result.status == Exit.interrupted, "\(result)")
            #expect(result.stderr.contains("cancelled on the workstation"), "\(result.stderr)")
            #expect("a long answer that never ends".hasPrefix(result.stdout.trimmingCharacters(in: .newlines)))
            let (_, sessions) = try await world.cli.json(["sessions", "list"])
            #expect(sessions["items"]?.arrayValue?.first?["status"]?.stringValue == "cancelled")
            let id = try #require(sessions["items"]?.arrayValue?.first?["id"]?.stringValue)
            let next = try await world.cli.run(["chat", "--session", id, "again"])
            #expect(next.stdout == "back again\n", "\(next)")
        }

        /// Text from the workstation is escaped before it reaches the terminal.
        @Test func escapeSequencesInAnswersAreShownNotInterpreted() async throws {
            let world = try await Self.world { _ in .text("red \u{1B}[31mtext\u{1B}[0m and \u{202E}reversed", pieces: 3)
            }
            defer { world.stop() }
            let result = try await world.cli.run(["chat", "--new", "colours"])
            #expect(result.status == Exit.success, "\(result)")
            #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{202E}"), "\(result.stdout)")
            #expect(result.stdout.contains("text"))
        }

        @Test func anUnpairedCompanionIsRefusedAndUsageErrorsAreClear() async throws {
            let world = try await Self.world { _ in .text("never") }
            defer { world.stop() }
            let stranger = CompanionCLI()
            let refused = try await stranger.run(["chat", "--new", "--url", world.sidecar.url, "hello"])
            #expect(refused.status == Exit.notPaired, "\(refused)")
            #expect(world.endpoint.messageRequests.isEmpty)
            let (jsonRefused, body) = try await stranger.json(["sessions", "list", "--url", world.sidecar.url])
            #expect(jsonRefused.status == Exit.notPaired, "\(jsonRefused)")
            #expect(body["ok"] == .bool(false) && body["error"]?["code"]?.stringValue == "notPaired", "\(body)")
            let both = try await world.cli.run(["chat", "--new", "--session", UUID().uuidString, "x"])
            #expect(both.status == Exit.usage && both.stderr.contains("either --session ID or --new"), "\(both)")
            let badID = try await world.cli.run(["sessions", "show", "../../etc"])
            #expect(badID.status == Exit.usage, "\(badID)")
            let unknown = try await world.cli.run(["sessions", "show", UUID().uuidString])
            #expect(unknown.status == Exit.server, "\(unknown)")
        }
    }
}
