import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// The skill and plugin wire types (matrix rows 15–19 and 25–31) against fixtures written from the ILS app's
/// DTOs: read with the app's decoder and ours, re-encoded to the same JSON, and readable by a decoder that
/// knows only the app's fields (CompanionKit's additions are ignorable).
@Suite struct ClaudeExtensionsContractTests {
    let contract = ClaudeAPIContractTests()

    /// The ILS app's `Skill`, field for field (CompanionKit's extra keys are not declared).
    struct AppSkill: Decodable {
        let id: UUID
        let name: String
        let description: String?
        let version: String?
        let tags: [String]
        let isActive: Bool
        let path: String
        let source: String
        let content: String?
        let rawContent: String?
        let stars: Int?
        let author: String?
        let lastUpdated: String?
    }

    /// The ILS app's `Plugin`.
    struct AppPlugin: Decodable {
        let id: UUID
        let name: String
        let description: String?
        let marketplace: String?
        let isInstalled: Bool
        let isEnabled: Bool
        let version: String?
        let commands: [String]?
        let agents: [String]?
        let path: String?
        let stars: Int?
        let source: String?
        let category: String?
    }

    struct AppList<T: Decodable>: Decodable {
        let items: [T]
        let total: Int
    }

    struct AppEnvelope<T: Decodable>: Decodable {
        let success: Bool
        let data: T?
    }

    @Test func skillsListDetailAndSearch() throws {
        let list = try #require(try contract.roundTrip(APIResponse<ListResponse<Skill>>.self, "skills-list.json").data)
        #expect(list.items.map(\.source) == [.local, .local, .plugin])
        #expect(list.items[1].problem?.contains("YAML") == true && !list.items[1].isActive)
        #expect(list.items[0].frontmatter?["metadata"] == .object(["version": .number(2)]))
        let app = try ClaudeAPIContractTests.appDecoder.decode(
            AppEnvelope<AppList<AppSkill>>.self, from: try ClaudeAPIContractTests.fixture("skills-list.json"))
        #expect(app.data?.items.map(\.name) == ["pdf-tools", "broken", "hello:greet"])

        let detail = try #require(try contract.roundTrip(APIResponse<Skill>.self, "skill-detail.json").data)
        #expect(detail.content == "# PDF tools\n\nUse pdftotext.\n" && detail.author == "Ada")

        let search = try #require(
            try contract.roundTrip(APIResponse<SkillSearchResponse>.self, "skill-search.json").data)
        #expect(!search.searchesGitHub && search.items.first?.skillPath == "skills/release-notes")
        _ = try ClaudeAPIContractTests.appDecoder.decode(
            AppEnvelope<AppList<GitHubSearchResult>>.self, from: try ClaudeAPIContractTests.fixture("skill-search.json")
        )

        let install = try contract.roundTrip(SkillInstallRequest.self, "skill-install-request.json")
        #expect(install.skillPath == "document-skills/pdf" && install.name == nil)
    }

    @Test func pluginsMarketplacesAndRequests() throws {
        let plugins = try #require(
            try contract.roundTrip(APIResponse<ListResponse<Plugin>>.self, "plugins-list.json").data)
        #expect(plugins.items.first?.pluginId == "hello@test-market" && plugins.items.first?.isEnabled == false)
        let app = try ClaudeAPIContractTests.appDecoder.decode(
            AppEnvelope<AppList<AppPlugin>>.self, from: try ClaudeAPIContractTests.fixture("plugins-list.json"))
        #expect(app.data?.items.first?.commands == ["/hello:wave"])

        let marketplaces = try #require(
            try contract.roundTrip(APIResponse<[PluginMarketplace]>.self, "plugin-marketplaces.json").data)
        #expect(marketplaces.first?.plugins == [PluginInfo(name: "hello", description: "Says hello")])
        let added = try #require(try contract.roundTrip(APIResponse<Marketplace>.self, "marketplace-added.json").data)
        #expect(added.name == "test-market" && added.source == "github")
        #expect(try contract.roundTrip(APIResponse<EnabledResponse>.self, "plugin-enabled.json").data?.enabled == true)
        #expect(try contract.roundTrip(InstallPluginRequest.self, "install-plugin-request.json").pluginName == "hello")
        #expect(try contract.roundTrip(AddMarketplaceRequest.self, "add-marketplace-request.json").source == "github")
    }
}
