import CompanionAPI
import CompanionClaudeCode
import Foundation
import Logging

/// Plugins and marketplaces (``ClaudePluginsBackend``, ``ClaudePluginRoutes``), only through the real `claude plugin … --json`, so that
/// Claude Code's own files (`installed_plugins.json`, `known_marketplaces.json`, `enabledPlugins`) stay its own.
actor ClaudePluginService: ClaudePluginsBackend {
    let context: ClaudeCodeContext
    let runtime: ClaudeRuntime

    var logger: Logger { context.logger }

    init(context: ClaudeCodeContext, runtime: ClaudeRuntime) {
        self.context = context
        self.runtime = runtime
    }

    /// The CLI's plugin commands; 503 with the fix when `claude` is missing.
    func pluginCLI() async throws(SidecarError) -> ClaudePlugins {
        let cli = try await runtime.requireCLI()
        return ClaudePlugins(executable: cli.executable, environment: context.settings.environment)
    }

    func plugins() async throws(SidecarError) -> [Plugin] {
        let cli = try await pluginCLI()
        do { return try await cli.installed().map(ClaudeExtensionsMapping.plugin) } catch {
            throw ClaudeExtensionsMapping.error(error)
        }
    }

    func pluginMarketplaces() async throws(SidecarError) -> [PluginMarketplace] {
        let cli = try await pluginCLI()
        do {
            let marketplaces = try await cli.marketplaces()
            let available = try await cli.available()
            return marketplaces.map { marketplace in
                PluginMarketplace(
                    name: marketplace.name, source: marketplace.location,
                    plugins: available.filter { $0.marketplaceName == marketplace.name }.map {
                        PluginInfo(name: $0.name, description: $0.description)
                    })
            }
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    func searchMarketplacePlugins(query: String) async throws(SidecarError) -> [PluginInfo] {
        let cli = try await pluginCLI()
        do {
            return PluginSearch.search(query, in: try await cli.available()).map {
                PluginInfo(name: $0.name, description: $0.description, marketplace: $0.marketplaceName)
            }
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    func installPlugin(_ request: InstallPluginRequest) async throws(SidecarError) -> Plugin {
        let cli = try await pluginCLI()
        do {
            let id = try PluginID(name: request.pluginName, marketplace: request.marketplace)
            try await cli.install(id)
            logger.notice("plugin installed", metadata: ["plugin": "\(id)"])
            return ClaudeExtensionsMapping.plugin(try await cli.resolveInstalled(id.description))
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    func setPluginEnabled(name: String, enabled: Bool) async throws(SidecarError) -> EnabledResponse {
        let cli = try await pluginCLI()
        do {
            let plugin = try await cli.resolveInstalled(name)
            try await cli.setEnabled(enabled, plugin)
            let after = try await cli.resolveInstalled(plugin.id)
            return EnabledResponse(enabled: after.enabled)
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    func uninstallPlugin(name: String) async throws(SidecarError) {
        let cli = try await pluginCLI()
        do {
            let plugin = try await cli.resolveInstalled(name)
            try await cli.uninstall(plugin)
            logger.notice("plugin uninstalled", metadata: ["plugin": "\(plugin.id)"])
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    func addMarketplace(_ request: AddMarketplaceRequest) async throws(SidecarError) -> Marketplace {
        let source = try ClaudeCloneSource.marketplaceSource(request.repo, roots: context.settings.cloneRoots)
        let cli = try await pluginCLI()
        do {
            let name = try await cli.addMarketplace(source: source)
            let plugins = try await cli.available().filter { $0.marketplaceName == name }.map {
                PluginInfo(name: $0.name, description: $0.description)
            }
            logger.notice("plugin marketplace added", metadata: ["marketplace": "\(name)"])
            return Marketplace(
                id: NameBasedUUID.make("marketplace:" + name), name: name, source: request.source, repo: request.repo,
                plugins: plugins)
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    func removeMarketplace(name: String) async throws(SidecarError) {
        let cli = try await pluginCLI()
        do { try await cli.removeMarketplace(name: name) } catch { throw ClaudeExtensionsMapping.error(error) }
    }
}
