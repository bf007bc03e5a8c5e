import CompanionAPI
import CompanionClient
import Foundation

/// The skills, skill search sources, plugins and marketplaces on the workstation, as this companion reaches them
/// (``ClaudeExtensionsAccess/extensions(url:apiKey:store:timeout:listCommand:)``). Every call throws a
/// ``CompanionError`` with the advice of ``ClaudeExtensionsAccess/failure(_:listCommand:)``, naming ``listCommand``.
public struct WorkstationClaudeExtensions: Sendable {
    let client: ClaudeCodeClient
    /// The command that lists what exists, named by the advice of a failure (`companion skills list`).
    public let listCommand: String

    /// The installed plugins with their enabled state.
    public func plugins() async throws(CompanionError) -> ListResponse<Plugin> {
        try await call { client throws(CompanionClientError) in try await client.plugins() }
    }

    /// The known marketplaces and the plugins each offers.
    public func pluginMarketplaces() async throws(CompanionError) -> [PluginMarketplace] {
        try await call { client throws(CompanionClientError) in try await client.pluginMarketplaces() }
    }

    /// The plugins the known marketplaces offer whose name or description has every word of `query`.
    public func searchPlugins(query: String) async throws(CompanionError) -> ListResponse<PluginInfo> {
        try await call { client throws(CompanionClientError) in try await client.searchPlugins(query: query) }
    }

    /// Installs `pluginName` from `marketplace`.
    public func installPlugin(_ request: InstallPluginRequest) async throws(CompanionError) -> Plugin {
        try await call { client throws(CompanionClientError) in try await client.installPlugin(request) }
    }

    /// Enables or disables an installed plugin (`name@marketplace` or a bare name).
    public func setPluginEnabled(name: String, enabled: Bool) async throws(CompanionError) -> EnabledResponse {
        try await call { client throws(CompanionClientError) in
            try await client.setPluginEnabled(name: name, enabled: enabled)
        }
    }

    /// Uninstalls a plugin.
    public func uninstallPlugin(name: String) async throws(CompanionError) -> DeletedResponse {
        try await call { client throws(CompanionClientError) in try await client.uninstallPlugin(name: name) }
    }

    /// Adds a marketplace (`owner/repo`, a git URL, or a local path under the sidecar's clone roots).
    public func addMarketplace(_ request: AddMarketplaceRequest) async throws(CompanionError) -> Marketplace {
        try await call { client throws(CompanionClientError) in try await client.addMarketplace(request) }
    }

    /// Removes a marketplace by name.
    public func removeMarketplace(name: String) async throws(CompanionError) -> DeletedResponse {
        try await call { client throws(CompanionClientError) in try await client.removeMarketplace(name: name) }
    }

    /// The installed skills (the user's, the project's when `projectPath` is given, the plugins').
    public func skills(projectPath: String? = nil) async throws(CompanionError) -> ListResponse<Skill> {
        try await call { client throws(CompanionClientError) in try await client.skills(projectPath: projectPath) }
    }

    /// One skill with its content.
    public func skill(name: String, projectPath: String? = nil) async throws(CompanionError) -> Skill {
        try await call { client throws(CompanionClientError) in
            try await client.skill(name: name, projectPath: projectPath)
        }
    }

    /// Offline search of the registered sources (never GitHub).
    public func searchSkills(query: String) async throws(CompanionError) -> SkillSearchResponse {
        try await call { client throws(CompanionClientError) in try await client.searchSkills(query: query) }
    }

    /// Clones and installs a skill on the workstation.
    public func installSkill(_ request: SkillInstallRequest) async throws(CompanionError) -> Skill {
        try await call { client throws(CompanionClientError) in try await client.installSkill(request) }
    }

    /// Removes one of the user's skills.
    public func deleteSkill(name: String) async throws(CompanionError) -> DeletedResponse {
        try await call { client throws(CompanionClientError) in try await client.deleteSkill(name: name) }
    }

    /// The registered search sources.
    public func skillSources() async throws(CompanionError) -> ListResponse<SkillSearchSourceInfo> {
        try await call { client throws(CompanionClientError) in try await client.skillSources() }
    }

    /// Registers a directory on the workstation for search.
    public func addSkillSource(_ request: AddSkillSourceRequest) async throws(CompanionError) -> SkillSearchSourceInfo {
        try await call { client throws(CompanionClientError) in try await client.addSkillSource(request) }
    }

    /// Unregisters a search source.
    public func removeSkillSource(name: String) async throws(CompanionError) -> DeletedResponse {
        try await call { client throws(CompanionClientError) in try await client.removeSkillSource(name: name) }
    }

    private func call<T>(_ body: (ClaudeCodeClient) async throws(CompanionClientError) -> T)
        async throws(CompanionError) -> T
    {
        do { return try await body(client) } catch {
            throw ClaudeExtensionsAccess.failure(error, listCommand: listCommand)
        }
    }
}
