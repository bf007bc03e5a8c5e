import CompanionAPI
import Foundation

/// What the plugin routes (`/api/v1/plugins…`, matrix rows 25–31, and CompanionKit's `DELETE
/// /plugins/marketplaces/:name`) ask of Claude Code, in the API's types; answered through the real `claude plugin`
/// commands. Expected failures are ``SidecarError``s: 400 for bad names and sources, 404 for plugins or
/// marketplaces Claude Code does not know, 409 for a bare name several plugins share, 503 when the CLI is missing
/// or fails.
package protocol ClaudePluginsBackend: Sendable {
    /// The installed plugins with their enabled state.
    func plugins() async throws(SidecarError) -> [Plugin]
    /// The known marketplaces, each with the plugins it offers.
    func pluginMarketplaces() async throws(SidecarError) -> [PluginMarketplace]
    /// The plugins the known marketplaces offer whose name or description has every word of `query` (AC-8.7):
    /// read from Claude Code's copies of the marketplaces, never the installed plugins, nothing fetched.
    func searchMarketplacePlugins(query: String) async throws(SidecarError) -> [PluginInfo]
    /// Installs `pluginName@marketplace` and returns it as installed.
    func installPlugin(_ request: InstallPluginRequest) async throws(SidecarError) -> Plugin
    /// Enables or disables an installed plugin (`name@marketplace`, or a bare name only one plugin has).
    func setPluginEnabled(name: String, enabled: Bool) async throws(SidecarError) -> EnabledResponse
    /// Uninstalls an installed plugin.
    func uninstallPlugin(name: String) async throws(SidecarError)
    /// Adds a marketplace (`claude plugin marketplace add`).
    func addMarketplace(_ request: AddMarketplaceRequest) async throws(SidecarError) -> Marketplace
    /// Removes a marketplace by name.
    func removeMarketplace(name: String) async throws(SidecarError)
}
