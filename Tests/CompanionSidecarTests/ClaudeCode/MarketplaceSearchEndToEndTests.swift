import CompanionAPI
import CompanionClient
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// ILS AC-8.7 against a live sidecar and the real `claude`: `GET /api/v1/plugins/search?q=` (the ILS app's
    /// request, `ListResponse<PluginInfo>`) searches what the registered marketplaces offer, by name and
    /// description, every word required; installed plugins are not what it searches.
    @Suite(.serialized) struct MarketplaceSearchEndToEndTests {
        static let auth = ["Authorization": "Bearer \(ClaudeAPIFixture.apiKey)"]

        /// A marketplace repository: two plugins, `hello` and `linter`, in marketplace `test-market`.
        static let marketFiles = [
            ".claude-plugin/marketplace.json": """
            {"name":"test-market","owner":{"name":"Tester"},"plugins":[\
            {"name":"hello","source":"./plugins/hello","description":"Says hello","version":"1.0.0"},\
            {"name":"linter","source":"./plugins/linter","description":"Checks pull request style",\
            "version":"1.0.0"}]}
            """,
            "plugins/hello/.claude-plugin/plugin.json":
                #"{"name":"hello","description":"Says hello","version":"1.0.0"}"#,
            "plugins/linter/.claude-plugin/plugin.json":
                #"{"name":"linter","description":"Checks pull request style","version":"1.0.0"}"#,
        ]

        @Test func theMarketplacesPluginsAreSearchedByNameAndDescription() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("unused") }
            defer { fixture.remove() }
            let market = try await fixture.repository("market", files: Self.marketFiles)
            try await fixture.liveWithCloneRoots { live in
                _ = try await live.client.addMarketplace(AddMarketplaceRequest(repo: market.path))
                let reply = try await live.probe.get("/api/v1/plugins/search?q=PULL%20request", headers: Self.auth)
                #expect(reply.status == 200)
                let found = try #require(try reply.envelope(ListResponse<PluginInfo>.self).data)
                #expect(
                    found.items == [
                        PluginInfo(name: "linter", description: "Checks pull request style", marketplace: "test-market")
                    ])
                #expect(try await live.client.searchPlugins(query: "hello").items.map(\.name) == ["hello"])
                #expect(try await live.client.searchPlugins(query: "LINT").items.map(\.name) == ["linter"])
                // Every word must match, in the name or the description.
                #expect(try await live.client.searchPlugins(query: "hello style").items.isEmpty)

                // Installed plugins are not what it searches: once hello is installed it is no longer offered
                // (as `claude plugin list --available` and `GET /plugins/marketplace` say), and once the
                // marketplace is removed nothing of it is found.
                _ = try await live.client.installPlugin(
                    InstallPluginRequest(pluginName: "hello", marketplace: "test-market"))
                #expect(try await live.client.plugins().items.map(\.name) == ["hello"])
                #expect(try await live.client.searchPlugins(query: "hello").items.isEmpty)
                #expect(try await live.client.searchPlugins(query: "lint").items.map(\.name) == ["linter"])
                _ = try await live.client.removeMarketplace(name: "test-market")
                #expect(try await live.client.searchPlugins(query: "lint").items.isEmpty)

                for query in ["", "%20%20", "a%01b", String(repeating: "x", count: 201)] {
                    let refused = try await live.probe.get("/api/v1/plugins/search?q=\(query)", headers: Self.auth)
                    #expect(refused.status == 400, "\(query): \(refused.status)")
                }
                let missing = try await live.probe.get("/api/v1/plugins/search", headers: Self.auth)
                #expect(missing.status == 400)
            }
        }

        /// Offline: a marketplace the real `claude plugin marketplace add` cloned from a git server (as its user
        /// would, on the workstation) is searched from Claude Code's clone on disk once the server and the
        /// repository it served are gone: nothing is fetched for a search.
        @Test func aClonedMarketplaceIsSearchedWithItsGitServerGone() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("unused") }
            defer { fixture.remove() }
            let market = try await fixture.repository("market", files: Self.marketFiles)
            let served = fixture.sandbox.root.appendingPathComponent("served")
            let bare = try await ProcessRunner.run(
                "git", ["clone", "-q", "--bare", market.path, served.appendingPathComponent("market.git").path])
            #expect(bare.status == 0, "\(bare)")
            let script = TestPaths.packageRoot.appendingPathComponent("scripts/git-http-server.py")
            let server = try ProcessRunner.spawn("python3", [script.path, served.path])
            defer { server.kill(SIGKILL) }
            try await server.waitForOutput { out, _ in out.contains("\n") }
            let port = try #require(Int(server.stdout.split(separator: "\n").first ?? ""), "\(server.stdout)")
            let add = try await ProcessRunner.run(
                try ClaudeCLIBinary.locate(),
                ["plugin", "marketplace", "add", "--json", "--", "http://127.0.0.1:\(port)/market.git"],
                environment: fixture.sandbox.environment.mapValues { Optional($0) })
            #expect(add.status == 0 && add.stdout.contains(#""outcome":"ok""#), "\(add)")
            server.kill(SIGTERM)
            _ = try await server.finish()
            try FileManager.default.removeItem(at: served)
            try FileManager.default.removeItem(at: market)

            try await fixture.live { live in
                let found = try await live.client.searchPlugins(query: "pull request").items
                #expect(
                    found == [
                        PluginInfo(name: "linter", description: "Checks pull request style", marketplace: "test-market")
                    ])
                let hello = try await live.client.searchPlugins(query: "says").items
                #expect(hello.map(\.name) == ["hello"])
            }
        }
    }
}
