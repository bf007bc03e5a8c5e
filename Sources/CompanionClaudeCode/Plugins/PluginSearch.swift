import Foundation

/// Search of what the registered marketplaces offer (ILS AC-8.7): the plugins `claude plugin list --available`
/// reports from Claude Code's own copies of those marketplaces (offered and not installed, as `GET
/// /plugins/marketplace` lists them), never the installed ones, and nothing is fetched for it. Every word of the
/// query must appear, case-insensitively, in the plugin's name or description.
package enum PluginSearch {
    /// The longest query accepted, in characters.
    package static let maximumQueryLength = 200

    /// True for a query of 1…``maximumQueryLength`` characters, not only white space, without control characters.
    package static func isValidQuery(_ query: String) -> Bool {
        !query.allSatisfy(\.isWhitespace) && query.count <= maximumQueryLength
            && !query.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// The plugins of `offered` that match `query`, at most `limit`, ordered by marketplace then name.
    package static func search(_ query: String, in offered: [AvailablePlugin], limit: Int = 100) -> [AvailablePlugin] {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return [] }
        let matching = offered.filter { plugin in
            let haystack = (plugin.name + "\n" + (plugin.description ?? "")).lowercased()
            return words.allSatisfy { haystack.contains($0) }
        }
        return Array(
            matching.sorted { ($0.marketplaceName, $0.name) < ($1.marketplaceName, $1.name) }.prefix(limit))
    }
}
