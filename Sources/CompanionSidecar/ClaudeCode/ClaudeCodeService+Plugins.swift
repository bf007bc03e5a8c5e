import CompanionAPI
import CompanionClaudeCode
import Foundation

/// Plugins and marketplaces (``ClaudePluginsBackend``), only through the real `claude plugin … --json`, so that
/// Claude Code's own files (`installed_plugins.json`, `known_marketplaces.json`, `enabledPlugins`) stay its own.
extension ClaudeCodeService: ClaudePluginsBackend {
    /// The CLI's plugin commands; 503 with the fix when `claude` is missing.
    func pluginCLI() async throws(SidecarError) -> ClaudePlugins {
        if cli == nil { await locate() }
        guard let cli else {
            throw SidecarError(.unavailable, cliProblem ?? "Claude Code is not available on the workstation")
        }
        return ClaudePlugins(executable: cli.executable, environment: settings.environment)
    }

    public func plugins() async throws(SidecarError) -> [Plugin] {
        let cli = try await pluginCLI()
        do { return try await cli.installed().map(ClaudeExtensionsMapping.plugin) } catch {
            throw ClaudeExtensionsMapping.error(error)
        }
    }

    public func pluginMarketplaces() async throws(SidecarError) -> [PluginMarketplace] {
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

    public func searchMarketplacePlugins(query: String) async throws(SidecarError) -> [PluginInfo] {
        let cli = try await pluginCLI()
        do {
            return PluginSearch.search(query, in: try await cli.available()).map {
                PluginInfo(name: $0.name, description: $0.description, marketplace: $0.marketplaceName)
            }
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    public func installPlugin(_ request: InstallPluginRequest) async throws(SidecarError) -> Plugin {
        let cli = try await pluginCLI()
        do {
            let id = try PluginID(name: request.pluginName, marketplace: request.marketplace)
            try await cli.install(id)
            logger.notice("plugin installed", metadata: ["plugin": "\(id)"])
            return ClaudeExtensionsMapping.plugin(try await cli.resolveInstalled(id.description))
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    public func setPluginEnabled(name: String, enabled: Bool) async throws(SidecarError) -> EnabledResponse {
        let cli = try await pluginCLI()
        do {
            let plugin = try await cli.resolveInstalled(name)
            try await cli.setEnabled(enabled, plugin)
            let after = try await cli.resolveInstalled(plugin.id)
            return EnabledResponse(enabled: after.enabled)
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    public func uninstallPlugin(name: String) async throws(SidecarError) {
        let cli = try await pluginCLI()
        do {
            let plugin = try await cli.resolveInstalled(name)
            try await cli.uninstall(plugin)
            logger.notice("plugin uninstalled", metadata: ["plugin": "\(plugin.id)"])
        } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    public func addMarketplace(_ request: AddMarketplaceRequest) async throws(SidecarError) -> Marketplace {
        let source = try marketplaceSource(request.repo)
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

    public func removeMarketplace(name: String) async throws(SidecarError) {
        let cli = try await pluginCLI()
        do { try await cli.removeMarketplace(name: name) } catch { throw ClaudeExtensionsMapping.error(error) }
    }

    /// What `claude plugin marketplace add` is given: GitHub `owner/repo` and https/ssh addresses as they are, a
    /// local directory only under the clone roots, resolved.
    func marketplaceSource(_ repo: String) throws(SidecarError) -> String {
        if Self.gitHubShorthand(repo) != nil { return repo }
        let source = try cloneSource(repo)
        if source.hasPrefix("file://") {
            return String(source.dropFirst("file://".count)).removingPercentEncoding ?? source
        }
        return source
    }
}
