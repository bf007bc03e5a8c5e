import CompanionAPI
import Foundation

/// Plugins and marketplaces, changed on the workstation through the real `claude plugin` commands.
extension ClaudeCodeClient {
    /// The installed plugins with their enabled state.
    public func plugins() async throws(CompanionClientError) -> ListResponse<Plugin> {
        try await get(.plugins)
    }

    /// The known marketplaces and the plugins each offers.
    public func pluginMarketplaces() async throws(CompanionClientError) -> [PluginMarketplace] {
        try await get(.pluginMarketplaces)
    }

    /// The plugins the known marketplaces offer whose name or description has every word of `query` (each with
    /// its marketplace); read from the workstation's copies of the marketplaces, never the installed plugins.
    public func searchPlugins(query: String) async throws(CompanionClientError) -> ListResponse<PluginInfo> {
        try await get(.searchPlugins(query: query))
    }

    /// Installs `pluginName` from `marketplace`.
    public func installPlugin(_ request: InstallPluginRequest) async throws(CompanionClientError) -> Plugin {
        try await send(.installPlugin, body: request)
    }

    /// Enables or disables an installed plugin (`name@marketplace` or a bare name).
    public func setPluginEnabled(name: String, enabled: Bool) async throws(CompanionClientError) -> EnabledResponse {
        try await send(.setPluginEnabled(name: name, enabled: enabled), body: [String: String]())
    }

    /// Uninstalls a plugin.
    public func uninstallPlugin(name: String) async throws(CompanionClientError) -> DeletedResponse {
        try await get(.uninstallPlugin(name: name))
    }

    /// Adds a marketplace (`owner/repo`, a git URL, or a local path under the sidecar's clone roots).
    public func addMarketplace(_ request: AddMarketplaceRequest) async throws(CompanionClientError) -> Marketplace {
        try await send(.addMarketplace, body: request)
    }

    /// Removes a marketplace by name.
    public func removeMarketplace(name: String) async throws(CompanionClientError) -> DeletedResponse {
        try await get(.removeMarketplace(name: name))
    }
}
