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

        @Test func theMarketplacesPluginsAreSearchedByNameAndDescription() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("unused") }
            defer { fixture.remove() }
            let market = try fixture.repository(
                "market",
                files: [
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
                ])
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
    }
}
