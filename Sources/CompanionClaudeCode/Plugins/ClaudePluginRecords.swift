import Foundation

/// One installed plugin as `claude plugin list --json` prints it.
package struct InstalledPlugin: Decodable, Sendable, Equatable {
    /// `name@marketplace`.
    package var id: String
    package var version: String?
    /// `user`, `project` or `local`.
    package var scope: String?
    package var enabled: Bool
    package var installPath: String?
    package var installedAt: String?
    package var lastUpdated: String?

    /// The part of ``id`` before `@`.
    package var name: String { String(id.split(separator: "@").first ?? Substring(id)) }
    /// The part of ``id`` after `@`.
    package var marketplace: String? { id.split(separator: "@").dropFirst().first.map(String.init) }
}

/// A plugin a known marketplace offers, as `claude plugin list --json --available` prints it.
package struct AvailablePlugin: Decodable, Sendable, Equatable {
    package var pluginId: String
    package var name: String
    package var description: String?
    package var marketplaceName: String
    package var version: String?
    package var category: String?
}

/// A marketplace Claude Code knows, as `claude plugin marketplace list --json` prints it.
package struct KnownMarketplace: Decodable, Sendable, Equatable {
    package var name: String
    /// `directory`, `git`, `github`, `url`…
    package var source: String
    package var path: String?
    package var url: String?
    package var repo: String?
    package var installLocation: String?

    /// Where it comes from: the repository, URL or path.
    package var location: String { repo ?? url ?? path ?? installLocation ?? source }
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
