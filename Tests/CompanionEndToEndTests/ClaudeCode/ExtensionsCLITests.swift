import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeCLISuites {
    /// `companion skills …` and `companion plugins …` from a paired device (signed requests) against a real
    /// `companion sidecar serve --clone-root` running the real `claude` in a sandbox; every change checked with
    /// the real `claude` CLI.
    @Suite(.serialized, .timeLimit(.minutes(6)))
    struct ExtensionsCLITests {
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

            /// A committed git repository under the sandbox.
            func repository(_ name: String, files: [String: String]) async throws -> URL {
                try await TestGitRepository.make(at: sandbox.root.appendingPathComponent("repos/\(name)"), files: files)
            }

            /// The real `claude` in the sandbox.
            func claude(_ arguments: [String]) async throws -> ProcessRunner.Result {
                try await ProcessRunner.run(
                    "/usr/bin/env", ["-C", sandbox.home.path, try ClaudeCLIBinary.locate()] + arguments,
                    environment: sandbox.environment.mapValues { Optional($0) })
            }
        }

        static func world() async throws -> World {
            let endpoint = try ScriptedModelEndpoint { _ in .text("ok") }
            let sandbox = try ClaudeSandbox(baseURL: endpoint.baseURL)
            let sidecar = try await SidecarProcess.start(
                SidecarOptions(
                    arguments: [
                        "--claude-path", try ClaudeCLIBinary.locate(), "--log-level", "warning", "--clone-root",
                        sandbox.root.path,
                    ], environment: sandbox.environment.mapValues { Optional($0) }))
            let cli = CompanionCLI()
            // Changing skills and plugins needs `control` (issue 29): a default (chat) device is refused.
            _ = try await ConnectionEndToEndTests.pair(
                cli, sidecar, name: "Laptop", scopes: DeviceScope.pairingDefault.union([.control]))
            return World(endpoint: endpoint, sandbox: sandbox, sidecar: sidecar, cli: cli)
        }

        static func skill(_ name: String, _ description: String) -> String {
            "---\nname: \(name)\ndescription: \(description)\n---\nBody of \(name).\n"
        }

        @Test func skillsInstallListShowSearchRemove() async throws {
            let world = try await Self.world()
            defer { world.stop() }
            let repo = try await world.repository(
                "fmt-skill", files: ["SKILL.md": Self.skill("formatter", "Formats code")])
            let collection = try await world.repository(
                "collection", files: ["tools/linter/SKILL.md": Self.skill("linter", "Lints shell scripts")])

            let (empty, emptyJSON) = try await world.cli.json(["skills", "list"])
            #expect(empty.status == Exit.success && emptyJSON["items"]?.arrayValue?.isEmpty == true, "\(empty)")
            let installed = try await world.cli.run(["skills", "install", repo.path])
            #expect(
                installed.status == Exit.success && installed.stdout.contains("Installed skill formatter"),
                "\(installed)")
            let listed = try await world.cli.run(["skills", "list"])
            #expect(listed.stdout.contains("formatter") && listed.stdout.contains("Formats code"), "\(listed)")
            let shown = try await world.cli.run(["skills", "show", "formatter"])
            #expect(shown.status == Exit.success && shown.stdout.contains("Body of formatter."), "\(shown)")

            let nothing = try await world.cli.run(["skills", "search", "lint"])
            #expect(nothing.status == Exit.success && nothing.stdout.contains("never searches GitHub"), "\(nothing)")
            #expect(try await world.cli.run(["skills", "sources", "add", collection.path]).status == Exit.success)
            let (found, foundJSON) = try await world.cli.json(["skills", "search", "shell", "lint"])
            #expect(found.status == Exit.success, "\(found)")
            let hit = try #require(foundJSON["items"]?.arrayValue?.first)
            #expect(hit["skillPath"]?.stringValue == "tools/linter" && foundJSON["searchesGitHub"] == .bool(false))
            let second = try await world.cli.run(["skills", "install", collection.path, "--path", "tools/linter"])
            #expect(second.status == Exit.success, "\(second)")

            let removed = try await world.cli.run(["skills", "rm", "formatter"])
            #expect(removed.status == Exit.success, "\(removed)")
            let gone = try await world.cli.run(["skills", "show", "formatter"])
            #expect(gone.status == Exit.server && gone.stderr.contains("companion skills list"), "\(gone)")
            let (_, remaining) = try await world.cli.json(["skills", "list"])
            #expect(remaining["items"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["linter"])

            let refused = try await world.cli.run(["skills", "install", "ext::sh -c id"])
            #expect(refused.status == Exit.server && refused.stderr.contains("transport"), "\(refused)")
            let refusedJSON = try await world.cli.run(["skills", "install", "--json", "--", "-uhelp"])
            #expect(refusedJSON.status == Exit.server, "\(refusedJSON)")
            let body = try refusedJSON.json()
            #expect(body["ok"] == .bool(false) && body["error"]?["message"]?.stringValue?.contains("'-'") == true)
        }

        @Test func pluginsThroughAMarketplaceMadeInTheTest() async throws {
            let world = try await Self.world()
            defer { world.stop() }
            let market = try await world.repository(
                "market",
                files: [
                    ".claude-plugin/marketplace.json": """
                    {"name":"test-market","owner":{"name":"T"},"plugins":[{"name":"hello","source":"./plugins/hello",\
                    "description":"Says hello","version":"1.0.0"}]}
                    """,
                    "plugins/hello/.claude-plugin/plugin.json":
                        #"{"name":"hello","description":"Says hello","version":"1.0.0"}"#,
                    "plugins/hello/skills/greet/SKILL.md": Self.skill("greet", "Greets"),
                ])
            let added = try await world.cli.run(["plugins", "marketplace", "add", market.path])
            #expect(added.status == Exit.success && added.stdout.contains("test-market"), "\(added)")
            let offered = try await world.cli.run(["plugins", "marketplace", "list"])
            #expect(offered.stdout.contains("hello@test-market"), "\(offered)")
            // AC-8.7: the marketplace's plugins are searched by name and description.
            let found = try await world.cli.run(["plugins", "search", "SAYS", "hello"])
            #expect(found.status == Exit.success && found.stdout.contains("hello@test-market"), "\(found)")
            let (_, foundJSON) = try await world.cli.json(["plugins", "search", "says"])
            #expect(foundJSON["items"]?.arrayValue?.first?["marketplace"]?.stringValue == "test-market", "\(foundJSON)")
            let none = try await world.cli.run(["plugins", "search", "goodbye"])
            #expect(none.status == Exit.success && none.stdout.hasPrefix("No plugin"), "\(none)")

            let installed = try await world.cli.run(["plugins", "install", "hello@test-market"])
            #expect(installed.status == Exit.success, "\(installed)")
            let (_, list) = try await world.cli.json(["plugins", "list"])
            #expect(list["items"]?.arrayValue?.first?["isEnabled"] == .bool(true), "\(list)")
            #expect(try await world.claude(["plugin", "list"]).stdout.contains("hello@test-market"))

            let disabled = try await world.cli.run(["plugins", "disable", "hello"])
            #expect(disabled.status == Exit.success && disabled.stdout.contains("disabled"), "\(disabled)")
            let cliList = try await world.claude(["plugin", "list", "--json"]).stdout
            #expect(cliList.contains("\"enabled\": false"), "\(cliList)")
            #expect(try await world.cli.run(["plugins", "enable", "hello@test-market"]).status == Exit.success)

            #expect(try await world.cli.run(["plugins", "rm", "hello"]).status == Exit.success)
            #expect(
                try await world.claude(["plugin", "list", "--json"]).stdout.trimmingCharacters(
                    in: .whitespacesAndNewlines) == "[]")
            #expect(try await world.cli.run(["plugins", "marketplace", "rm", "test-market"]).status == Exit.success)
            #expect(try await !world.claude(["plugin", "marketplace", "list"]).stdout.contains("test-market"))

            let usage = try await world.cli.run(["plugins", "install", "hello"])
            #expect(usage.status == Exit.usage && usage.stderr.contains("plugin@marketplace"), "\(usage)")
            let unknown = try await world.cli.run(["plugins", "enable", "nope"])
            #expect(unknown.status == Exit.server && unknown.stderr.contains("companion plugins list"), "\(unknown)")
        }
    }
}
