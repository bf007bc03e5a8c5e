import Foundation

/// One installed plugin as `claude plugin list --json` prints it.
public struct InstalledPlugin: Decodable, Sendable, Equatable {
    /// `name@marketplace`.
    public var id: String
    public var version: String?
    /// `user`, `project` or `local`.
    public var scope: String?
    public var enabled: Bool
    public var installPath: String?
    public var installedAt: String?
    public var lastUpdated: String?

    /// The part of ``id`` before `@`.
    public var name: String { String(id.split(separator: "@").first ?? Substring(id)) }
    /// The part of ``id`` after `@`.
    public var marketplace: String? { id.split(separator: "@").dropFirst().first.map(String.init) }
}

/// A plugin a known marketplace offers, as `claude plugin list --json --available` prints it.
public struct AvailablePlugin: Decodable, Sendable, Equatable {
    public var pluginId: String
    public var name: String
    public var description: String?
    public var marketplaceName: String
    public var version: String?
    public var category: String?
}

/// A marketplace Claude Code knows, as `claude plugin marketplace list --json` prints it.
public struct KnownMarketplace: Decodable, Sendable, Equatable {
    public var name: String
    /// `directory`, `git`, `github`, `url`…
    public var source: String
    public var path: String?
    public var url: String?
    public var repo: String?
    public var installLocation: String?

    /// Where it comes from: the repository, URL or path.
    public var location: String { repo ?? url ?? path ?? installLocation ?? source }
}

/// The one line `claude plugin … --json` prints for a change.
struct PluginCommandOutcome: Decodable, Sendable {
    var command: String?
    var outcome: String
    var message: String?
    var failureCode: String?
    var marketplace: String?
    var pluginId: String?
}

/// `claude plugin list --json --available`.
struct PluginListWithAvailable: Decodable, Sendable {
    var installed: [InstalledPlugin]
    var available: [AvailablePlugin]
}
