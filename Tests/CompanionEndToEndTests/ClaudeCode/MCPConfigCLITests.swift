import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeCLISuites {
    /// `companion mcp …` and `companion config …` from a paired device (signed requests) against a real
    /// `companion sidecar serve` running the real `claude` in a sandbox: S-07, S-08 and S-12 step by step, every
    /// change checked with the real `claude mcp get` or the file Claude Code reads; and the leak check: the MCP
    /// env value never appears in the sidecar's log (at debug level), its data directory, or any output but the
    /// explicit reveal.
    @Suite(.serialized, .timeLimit(.minutes(5)))
    struct MCPConfigCLITests {
        @Test func s07S08S12ThroughTheCLIWithoutLeakingTheEnvValue() async throws {
            let endpoint = try ScriptedModelEndpoint { _ in .text("ok") }
            let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
            let log = sandbox.root.appendingPathComponent("sidecar.log")
            let data = sandbox.root.appendingPathComponent("sidecar-data")
            let sidecar = try await SidecarProcess.start(
                SidecarOptions(
                    dataDirectory: data, logFile: log,
                    arguments: ["--claude-path", try ClaudeCLIBinary.locate(), "--log-level", "debug"],
                    environment: sandbox.environment.mapValues { Optional($0) }))
            defer {
                sidecar.stop()
                endpoint.stop()
                sandbox.remove()
            }
            let secret = "sk-mcp-leak-\(UUID().uuidString)"
            // The value travels from this shell's environment (`--env NAME`), never in an argument.
            let cli = CompanionCLI(environment: ["MCP_TEST_TOKEN": secret])
            // Changing MCP servers and settings needs the control scope, revealing an MCP env value admin.
            _ = try await ConnectionEndToEndTests.pair(
                cli, sidecar, name: "Phone", scopes: [.read, .tasks, .chat, .control, .admin])
            let project = try sandbox.makeProject("cli")
            let script = try await MCPTestServer.install(in: sandbox.root)
            var outputs: [String] = []
            func claude(_ arguments: [String]) async throws -> ProcessRunner.Result {
                try await ProcessRunner.run(
                    "/usr/bin/env", ["-C", project, try ClaudeCLIBinary.locate()] + arguments,
                    environment: sandbox.environment.mapValues { Optional($0) })
            }
            func companion(_ arguments: [String]) async throws -> ProcessRunner.Result {
                let result = try await cli.run(arguments)
                outputs.append(result.output)
                return result
            }

            // S-07 1: the list; 2–3: add with name, command, args, env.
            let empty = try await companion(["mcp", "list"])
            #expect(empty.status == Exit.success && empty.stdout.contains("No MCP servers"), "\(empty)")
            let added = try await companion([
                "mcp", "add", "tester", "--command", MCPTestServer.python, "--arg", script, "--env", "MCP_TEST_TOKEN",
            ])
            #expect(added.status == Exit.success, "\(added)")
            #expect(try await claude(["mcp", "get", "tester"]).stdout.contains("MCP_TEST_TOKEN=\(secret)"))
            let (shown, json) = try await cli.json(["mcp", "show", "tester"])
            outputs.append(shown.output)
            #expect(json["env"]?["MCP_TEST_TOKEN"]?.stringValue?.hasPrefix("••••") == true, "\(shown)")

            // 4: edit (new args; the env value is kept through its mask).
            let edited = try await companion(["mcp", "edit", "tester", "--arg", script, "--arg", "--extra"])
            #expect(edited.status == Exit.success, "\(edited)")
            let afterEdit = try await claude(["mcp", "get", "tester"])
            #expect(afterEdit.stdout.contains("--extra") && afterEdit.stdout.contains("MCP_TEST_TOKEN=\(secret)"))

            // Health: started, handshake completed, tools listed (token_present: the env reached it).
            let health = try await companion(["mcp", "health", "tester"])
            #expect(health.status == Exit.success && health.stdout.contains("tester: healthy"), "\(health)")
            #expect(health.stdout.contains("token_present"))

            // The explicit reveal is the one output with the value.
            let revealed = try await cli.run(["mcp", "show", "tester", "--reveal"])
            #expect(revealed.status == Exit.success && revealed.stdout.contains("MCP_TEST_TOKEN=\(secret)"))

            // Bad input: a clear line, exit 5 (the sidecar refused), nothing written.
            let bad = try await companion(["mcp", "add", "bad name", "--command", "/bin/true"])
            #expect(bad.status == Exit.server && bad.stderr.contains("letters, numbers, hyphens"), "\(bad)")
            let missing = try await companion(["mcp", "show", "nope"])
            #expect(missing.status == Exit.server && missing.stderr.contains("companion mcp list"), "\(missing)")

            // 5: delete.
            let removed = try await companion(["mcp", "rm", "tester"])
            #expect(removed.status == Exit.success, "\(removed)")
            #expect(try await claude(["mcp", "get", "tester"]).status != 0)

            // S-08: the default model; S-12: the project scope.
            let set = try await companion(["config", "set", "model", "haiku"])
            #expect(set.status == Exit.success, "\(set)")
            let model = try await companion(["config", "get", "model"])
            #expect(model.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\"haiku\"", "\(model)")
            let settings = try JSONValue.parse(
                try Data(contentsOf: sandbox.configDirectory.appendingPathComponent("settings.json")))
            #expect(settings["model"]?.stringValue == "haiku")
            // S-08 step 4: which Claude Code (from the sidecar's /health) reads these settings, as the real CLI
            // reports its own version.
            // (`2.1.330 (Claude Code)`: the sidecar reports the number.)
            let printed = try await claude(["--version"]).stdout
            let version = String(printed.split(separator: " ").first ?? "")
            #expect(version.first?.isNumber == true, "\(printed)")
            let whole = try await companion(["config", "get"])
            #expect(whole.status == Exit.success, "\(whole)")
            #expect(
                whole.stdout.split(separator: "\n").first
                    == "# Claude Code on the workstation: available, version \(version)"[...], "\(whole)")
            #expect(whole.stdout.contains("\"model\" : \"haiku\""), "\(whole)")
            let projectSet = try await companion([
                "config", "set", "--scope", "project", "--project", project, "permissions", #"{"deny":["Bash(rm:*)"]}"#,
            ])
            #expect(projectSet.status == Exit.success, "\(projectSet)")
            let (projectGet, projectJSON) = try await cli.json([
                "config", "get", "--scope", "project", "--project", project,
            ])
            #expect(projectGet.status == Exit.success)
            #expect(projectJSON["content"]?["permissions"]?["deny"]?.arrayValue?.count == 1)

            // The leak check (the log is written unbuffered, line by line).
            let needle = Array(secret.utf8)
            for output in outputs { #expect(!output.contains(secret)) }
            #expect(
                !contains(Array((try? Data(contentsOf: log)) ?? Data()), needle), "the sidecar's log holds the value")
            #expect(filesContaining([needle], under: data).isEmpty)
        }
    }
}
