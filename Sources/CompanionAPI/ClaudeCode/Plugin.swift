import Foundation

/// Where a plugin comes from (`PluginSource` of the ILS app).
public enum PluginSource: String, Codable, Sendable, Equatable {
    case official
    case community
}

/// An installed Claude Code plugin (`Plugin` of the ILS app), as `claude plugin list --json` and its directory
/// describe it. CompanionKit adds ``pluginId`` (`name@marketplace`, what the routes accept), ``scope`` and
/// ``skills``.
public struct Plugin: Codable, Sendable, Equatable, Identifiable {
    /// Stable: derived from the plugin id.
    public var id: UUID
    public var name: String
    public var description: String?
    public var marketplace: String?
    public var isInstalled: Bool
    public var isEnabled: Bool
    public var version: String?
    /// `/plugin:command` for each `commands/*.md`.
    public var commands: [String]?
    public var agents: [String]?
    public var path: String?
    public var stars: Int?
    public var source: PluginSource?
    public var category: String?
    /// `name@marketplace`.
    public var pluginId: String?
    /// `user`, `project` or `local`.
    public var scope: String?
    /// `plugin:skill` for each of its skills.
    public var skills: [String]?

    public init(
        id: UUID, name: String, description: String? = nil, marketplace: String? = nil, isInstalled: Bool = true,
        isEnabled: Bool = true, version: String? = nil, commands: [String]? = nil, agents: [String]? = nil,
        path: String? = nil, stars: Int? = nil, source: PluginSource? = nil, category: String? = nil,
        pluginId: String? = nil, scope: String? = nil, skills: [String]? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.marketplace = marketplace
        self.isInstalled = isInstalled
        self.isEnabled = isEnabled
        self.version = version
        self.commands = commands
        self.agents = agents
        self.path = path
        self.stars = stars
        self.source = source
        self.category = category
        self.pluginId = pluginId
        self.scope = scope
        self.skills = skills
    }
}

/// A plugin a marketplace offers (`PluginInfo` of the ILS app).
public struct PluginInfo: Codable, Sendable, Equatable {
    public var name: String
    public var description: String?
    /// The marketplace that offers it, in the answers of `GET /plugins/search` (install it as `name@marketplace`);
    /// absent in `GET /plugins/marketplace`, where each marketplace lists its own.
    public var marketplace: String?

    public init(name: String, description: String? = nil, marketplace: String? = nil) {
        self.name = name
        self.description = description
        self.marketplace = marketplace
    }
}

/// A known marketplace and what it offers (`PluginMarketplace` of the ILS app; `GET /plugins/marketplace`).
public struct PluginMarketplace: Codable, Sendable, Equatable {
    public var name: String
    /// Where it comes from: a repository, URL or path.
    public var source: String
    public var plugins: [PluginInfo]

    public init(name: String, source: String, plugins: [PluginInfo] = []) {
        self.name = name
        self.source = source
        self.plugins = plugins
    }
}

/// `POST /plugins/install` (`InstallPluginRequest` of the ILS app).
public struct InstallPluginRequest: Codable, Sendable, Equatable {
    public var pluginName: String
    /// The marketplace's name, as `GET /plugins/marketplace` lists it.
    public var marketplace: String

    public init(pluginName: String, marketplace: String) {
        self.pluginName = pluginName
        self.marketplace = marketplace
    }
}

/// `POST /plugins/marketplaces` (`AddMarketplaceRequest` of the ILS app): ``repo`` is what Claude Code's
/// `plugin marketplace add` takes (GitHub `owner/repo`, an https or ssh git URL, or a local path under the
/// sidecar's clone roots); ``source`` is the app's label (`github`).
public struct AddMarketplaceRequest: Codable, Sendable, Equatable {
    public var source: String
    public var repo: String

    public init(source: String = "github", repo: String) {
        self.source = source
        self.repo = repo
    }
}

/// A marketplace just added (`Marketplace` of the ILS app).
public struct Marketplace: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    public var source: String
    public var repo: String
    public var plugins: [PluginInfo]?

    public init(id: UUID, name: String, source: String, repo: String, plugins: [PluginInfo]? = nil) {
        self.id = id
        self.name = name
        self.source = source
        self.repo = repo
        self.plugins = plugins
    }
}

/// `{ "enabled": true }` (`EnabledResponse` of the ILS app).
public struct EnabledResponse: Codable, Sendable, Equatable {
    public var enabled: Bool
    public init(enabled: Bool) { self.enabled = enabled }
}
