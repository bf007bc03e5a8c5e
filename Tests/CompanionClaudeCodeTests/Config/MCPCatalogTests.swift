import CompanionClaudeCode
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSuites {
    /// MCP servers added, edited and removed through ``MCPServerCatalog``, each change checked with the real
    /// `claude mcp get`/`list`, and a real `claude -p` run that starts a server we configured.
    @Suite(.serialized) struct MCPCatalogTests {
        /// Our name rule is Claude Code's: the CLI accepts exactly the names we accept (the empty name aside,
        /// which the CLI accepts but we refuse).
        @Test func theNameRuleIsClaudeCodes() async throws {
            let world = try RealClaudeMCP()
            defer { world.tearDown() }
            for name in ["ok-1", "under_score", "-x", "--help", "bad name", "a.b", "é", "x/y", "semi;colon"] {
                let ours = (try? MCPServerName.validate(name)) != nil
                let theirs = try await world.claude([
                    "mcp", "add-json", "-s", "user", "--", name, #"{"command":"true"}"#,
                ])
                #expect((theirs.status == 0) == ours, "\(name): claude \(theirs)")
            }
        }

        /// Names that start with `-` are names to Claude Code (after `--`), not options: `--help` is added and
        /// removed through the CLI like any other name, and removing it never prints the help and reports success.
        @Test(arguments: ["-x", "--help"])
        func aNameStartingWithADashIsANameNotAnOption(name: String) async throws {
            let world = try RealClaudeMCP()
            defer { world.tearDown() }
            let project = try world.sandbox.makeProject("dash")
            let catalog = world.catalog()
            try await catalog.add(MCPServerDefinition(name: name, scope: .user, command: "/bin/echo", args: ["hi"]))
            try await catalog.add(
                MCPServerDefinition(name: name, scope: .local, projectPath: project, command: "/bin/cat"))
            let got = try await world.claude(["mcp", "get", "--", name])
            #expect(got.status == 0 && got.stdout.contains("User config") && got.stdout.contains("/bin/echo"), "\(got)")
            #expect(
                Set(try catalog.list().map { "\($0.scope.rawValue):\($0.name)" }) == ["user:\(name)", "local:\(name)"])

            try await catalog.remove(name: name, scope: .user, projectPath: nil)
            #expect(try await world.claude(["mcp", "get", "--", name]).status != 0)
            #expect(try catalog.list().map(\.scope) == [.local], "only the user-scope server was removed")
            await #expect(throws: MCPServerError.notFound(name: name, scope: .user)) {
                try await catalog.remove(name: name, scope: .user, projectPath: nil)
            }
            try await catalog.remove(name: name, scope: .local, projectPath: project)
            #expect(try catalog.list().isEmpty)
            #expect(try await world.claude(["mcp", "get", "--", name], in: project).status != 0)
        }

        @Test func everyScopeAsTheRealCLIReadsIt() async throws {
            let world = try RealClaudeMCP()
            defer { world.tearDown() }
            let project = try world.sandbox.makeProject("app")
            let catalog = world.catalog()
            let secret = "tok-\(UUID().uuidString)"

            // Through `claude mcp add-json` (no secrets) and through the file (a secret in env).
            try await catalog.add(
                MCPServerDefinition(name: "plain", scope: .user, command: "/bin/echo", args: ["a b", "--flag"]))
            try await catalog.add(
                MCPServerDefinition(
                    name: "keyed", scope: .local, projectPath: project, command: "/bin/cat", env: ["API_TOKEN": secret])
            )
            try await catalog.add(
                MCPServerDefinition(
                    name: "remote", scope: .project, projectPath: project, kind: .http,
                    url: "https://mcp.example.test/mcp", headers: ["Authorization": "Bearer ${MCP_REMOTE_TOKEN}"]))

            let plain = try await world.get("plain", in: project)
            #expect(plain.status == 0 && plain.stdout.contains("User config") && plain.stdout.contains("/bin/echo"))
            #expect(plain.stdout.contains("a b --flag"))
            let keyed = try await world.get("keyed", in: project)
            #expect(keyed.status == 0 && keyed.stdout.contains("Local config") && keyed.stdout.contains("API_TOKEN="))
            let remote = try await world.get("remote", in: project)
            #expect(remote.status == 0 && remote.stdout.contains("https://mcp.example.test/mcp"))
            // Local-scope servers belong to their project only.
            #expect(try await world.get("keyed").status != 0)

            let listed = try catalog.list()
            #expect(
                Set(listed.map { "\($0.scope.rawValue):\($0.name)" }) == [
                    "user:plain", "local:keyed", "project:remote",
                ])
            #expect(listed.first { $0.name == "keyed" }?.env == ["API_TOKEN": secret])

            // Edit in place (renamed, new args, an unknown key of the entry kept).
            try world.setEntryKey("timeout", 42, server: "plain")
            try catalog.replace(
                name: "plain",
                with: MCPServerDefinition(name: "renamed", scope: .user, command: "/bin/echo", args: ["changed"]))
            #expect(try await world.get("plain", in: project).status != 0)
            let renamed = try await world.get("renamed", in: project)
            #expect(renamed.status == 0 && renamed.stdout.contains("changed"))
            #expect(try world.entry(server: "renamed")?["timeout"] as? Int == 42)

            // Remove through `claude mcp remove`.
            try await catalog.remove(name: "keyed", scope: .local, projectPath: project)
            #expect(try await world.get("keyed", in: project).status != 0)
            await #expect(throws: MCPServerError.notFound(name: "keyed", scope: .local)) {
                try await catalog.remove(name: "keyed", scope: .local, projectPath: project)
            }
            await #expect(throws: MCPServerError.alreadyExists(name: "renamed", scope: .user)) {
                try await catalog.add(MCPServerDefinition(name: "renamed", scope: .user, command: "/bin/true"))
            }
            let list = try await world.claude(["mcp", "list"], in: project)
            #expect(
                list.stdout.contains("renamed:") && list.stdout.contains("remote:") && !list.stdout.contains("keyed:"))
        }

        /// The secret-bearing definition never appears in a command line: it is written to the file directly,
        /// and the CLI is not run for it (the `claude` path here does not exist, so any run would fail).
        @Test func secretsNeverGoThroughTheCommandLine() async throws {
            let world = try RealClaudeMCP()
            defer { world.tearDown() }
            let catalog = MCPServerCatalog(
                locations: world.locations, cliExecutable: "/nonexistent/claude", environment: world.sandbox.environment
            )
            try await catalog.add(
                MCPServerDefinition(name: "keyed", scope: .user, command: "/bin/cat", env: ["K": "secret-value"]))
            let got = try await world.get("keyed")
            #expect(got.status == 0 && got.stdout.contains("K=secret-value"))
            await #expect(throws: MCPServerError.self) {
                try await catalog.add(MCPServerDefinition(name: "plain", scope: .user, command: "/bin/true"))
            }
        }

        /// A malformed `~/.claude.json` is reported and left as it is.
        @Test func aMalformedStateFileIsNeverOverwritten() async throws {
            let world = try RealClaudeMCP()
            defer { world.tearDown() }
            let broken = Data("{\"mcpServers\": {".utf8)
            try broken.write(to: world.locations.stateFile)
            let catalog = world.catalog(usingCLI: false)
            await #expect(throws: MCPServerError.self) {
                try await catalog.add(
                    MCPServerDefinition(name: "x", scope: .user, command: "/bin/true", env: ["A": "b"]))
            }
            #expect(throws: MCPServerError.self) { _ = try catalog.list() }
            #expect(try Data(contentsOf: world.locations.stateFile) == broken)
        }

        /// A `claude -p` run (against the scripted endpoint) starts the server we configured: its `system/init`
        /// lists it as connected, with the tool it offers, and the env we wrote reached it.
        @Test func claudeStartsAServerWeConfigured() async throws {
            let world = try RealClaudeMCP()
            defer { world.tearDown() }
            let project = try world.sandbox.makeProject("runs")
            let script = try await MCPTestServer.install(in: world.sandbox.root)
            try await world.catalog().add(
                MCPServerDefinition(
                    name: "tester", scope: .user, command: MCPTestServer.python, args: [script],
                    env: ["MCP_TEST_TOKEN": "reaches-the-server"]))
            let run = try await world.claude(
                ["-p", "hello", "--output-format", "stream-json", "--verbose"], in: project, timeout: 180)
            #expect(run.status == 0, "\(run)")
            let initLine = try #require(run.stdout.split(separator: "\n").first { $0.contains("\"subtype\":\"init\"") })
            let info = try JSONValue.parse(String(initLine))
            let servers = info["mcp_servers"]?.arrayValue ?? []
            let tester = try #require(servers.first { $0["name"]?.stringValue == "tester" })
            #expect(tester["status"]?.stringValue == "connected")
            let tools = (info["tools"]?.arrayValue ?? []).compactMap(\.stringValue)
            #expect(tools.contains("mcp__tester__echo") && tools.contains("mcp__tester__token_present"))
        }

        /// Real `claude` processes rewriting `~/.claude.json` (`claude mcp add-json`, several at once) while we
        /// write the same file: every server each side added is there at the end.
        @Test func racingTheRealCLILosesNothing() async throws {
            let world = try RealClaudeMCP()
            defer { world.tearDown() }
            let ours = world.catalog(usingCLI: false)
            let rounds = 6
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<rounds {
                    group.addTask {
                        let result = try await world.claude([
                            "mcp", "add-json", "theirs-\(index)", #"{"command":"/bin/true"}"#, "-s", "user",
                        ])
                        #expect(result.status == 0, "\(result)")
                    }
                    group.addTask {
                        try await ours.add(
                            MCPServerDefinition(
                                name: "ours-\(index)", scope: .user, command: "/bin/cat", env: ["K": "v\(index)"]))
                    }
                }
                try await group.waitForAll()
            }
            let names = Set(try ours.list().map(\.name))
            let expected = Set((0..<rounds).flatMap { ["theirs-\($0)", "ours-\($0)"] })
            #expect(expected.subtracting(names).isEmpty, "lost: \(expected.subtracting(names).sorted())")
            let list = try await world.claude(["mcp", "list"])
            for name in expected { #expect(list.stdout.contains("\(name):"), "claude mcp list lacks \(name)") }
        }
    }
}
