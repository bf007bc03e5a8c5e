import CompanionAPI
import CompanionClient
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

extension RealClaudeSidecarSuites {
    /// S-09 (plugin management) against a live sidecar and the real `claude`, with a marketplace made in the test
    /// as a local git repository: every step through the client or raw HTTP with the envelope, and checked with
    /// the CLI's own `plugin list --json`, `plugin marketplace list` and a `claude -p` run's `system/init`.
    @Suite(.serialized) struct ClaudePluginsEndToEndTests {
        static let auth = ["Authorization": "Bearer \(ClaudeAPIFixture.apiKey)"]

        static func marketplace(_ fixture: ClaudeAPIFixture) async throws -> URL {
            try await fixture.repository(
                "market",
                files: [
                    ".claude-plugin/marketplace.json": """
                    {"name":"test-market","owner":{"name":"Tester"},"plugins":[{"name":"hello",\
                    "source":"./plugins/hello","description":"Says hello","version":"1.0.0"}]}
                    """,
                    "plugins/hello/.claude-plugin/plugin.json":
                        #"{"name":"hello","description":"Says hello","version":"1.0.0"}"#,
                    "plugins/hello/skills/greet/SKILL.md": ClaudeAPIFixture.skillText("greet", "Greets the user"),
                    "plugins/hello/commands/wave.md": "---\ndescription: Wave\n---\nWave.\n",
                ])
        }

        @Test func scenarioS09() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("plugins loaded") }
            defer { fixture.remove() }
            let market = try await Self.marketplace(fixture)
            try await fixture.liveWithCloneRoots { live in
                // Add the marketplace (raw HTTP, the app's body).
                let add = try await live.probe.post(
                    "/api/v1/plugins/marketplaces", try ClaudeAPIJSON.encode(AddMarketplaceRequest(repo: market.path)),
                    headers: Self.auth)
                #expect(add.status == 200)
                let added = try #require(try add.envelope(Marketplace.self).data)
                #expect(added.name == "test-market" && added.plugins?.map(\.name) == ["hello"])
                #expect(try await fixture.claude(["plugin", "marketplace", "list"]).contains("test-market"))

                // 1. No plugins yet. 3. The marketplace offers hello.
                #expect(try await live.client.plugins().items.isEmpty)
                let marketplaces = try await live.probe.get("/api/v1/plugins/marketplace", headers: Self.auth)
                let offered = try #require(try marketplaces.envelope([PluginMarketplace].self).data)
                let ours = try #require(offered.first { $0.name == "test-market" })
                #expect(ours.plugins == [PluginInfo(name: "hello", description: "Says hello")])
                #expect(ours.source == market.path)

                // 4. Install: it is installed and enabled for the CLI, and a run loads it and its skill.
                let install = try await live.probe.post(
                    "/api/v1/plugins/install",
                    try ClaudeAPIJSON.encode(InstallPluginRequest(pluginName: "hello", marketplace: "test-market")),
                    headers: Self.auth)
                #expect(install.status == 200)
                let plugin = try #require(try install.envelope(Plugin.self).data)
                #expect(
                    plugin.pluginId == "hello@test-market" && plugin.isEnabled && plugin.commands == ["/hello:wave"])
                #expect(try await fixture.pluginStates() == ["hello@test-market": true])
                let loaded = try await fixture.loaded()
                #expect(loaded.plugins.contains("hello@test-market") && loaded.skills.contains("hello:greet"))
                let listed = try await live.client.plugins().items
                #expect(listed.map(\.pluginId) == ["hello@test-market"] && listed[0].skills == ["hello:greet"])

                // 2. Disable (raw HTTP), then enable (client), each checked with the CLI.
                let disable = try await live.probe.post("/api/v1/plugins/hello/disable", nil, headers: Self.auth)
                #expect(try disable.status == 200 && disable.envelope(EnabledResponse.self).data?.enabled == false)
                #expect(try await fixture.pluginStates() == ["hello@test-market": false])
                #expect(try await live.client.plugins().items.first?.isEnabled == false)
                #expect(try await live.client.setPluginEnabled(name: "hello@test-market", enabled: true).enabled)
                #expect(try await fixture.pluginStates() == ["hello@test-market": true])

                // 5. Uninstall: gone for the API and the CLI.
                let removed = try await live.probe.send(
                    "DELETE", "/api/v1/plugins/hello@test-market", headers: Self.auth)
                #expect(try removed.status == 200 && removed.envelope(DeletedResponse.self).data?.deleted == true)
                #expect(try await fixture.pluginStates().isEmpty)
                #expect(try await live.client.plugins().items.isEmpty)

                // The marketplace can be removed again.
                #expect(try await live.client.removeMarketplace(name: "test-market").deleted)
                #expect(try await !fixture.claude(["plugin", "marketplace", "list"]).contains("test-market"))
            }
        }

        @Test func badPluginAndMarketplaceInputIsRefused() async throws {
            let fixture = try ClaudeAPIFixture { _ in .text("unused") }
            defer { fixture.remove() }
            let outsideRoots = try TestPaths.temporaryDirectory("outside-market")
            defer { try? FileManager.default.removeItem(at: outsideRoots) }
            try await fixture.liveWithCloneRoots { live in
                for repo in ["ext::sh -c id", "-x", "--help", "http://example.com/m.git", outsideRoots.path, "a/b/c"] {
                    let reply = try await live.probe.post(
                        "/api/v1/plugins/marketplaces", try ClaudeAPIJSON.encode(AddMarketplaceRequest(repo: repo)),
                        headers: Self.auth)
                    #expect(reply.status == 400, "\(repo): \(reply.status)")
                    #expect((try reply.envelope(Marketplace.self).error?.code) == "BAD_REQUEST")
                }
                for (name, status) in [("nope", 404), ("nope@market", 404), ("..%2F..%2Fx", 400), ("-rf", 400)] {
                    let reply = try await live.probe.post("/api/v1/plugins/\(name)/enable", nil, headers: Self.auth)
                    #expect(reply.status == status, "\(name): \(reply.status)")
                }
                let unknown = try await live.probe.post(
                    "/api/v1/plugins/install",
                    try ClaudeAPIJSON.encode(InstallPluginRequest(pluginName: "nope", marketplace: "missing-market")),
                    headers: Self.auth)
                #expect(unknown.status == 404 || unknown.status == 400, "\(unknown.status)")
                #expect(try await fixture.pluginStates().isEmpty)
                let settings = fixture.sandbox.configDirectory.appendingPathComponent("settings.json")
                let text = (try? String(contentsOf: settings, encoding: .utf8)) ?? ""
                #expect(!text.contains("nope"))
            }
        }
    }
}
