import ArgumentParser
import CompanionAPI
import Foundation

/// `companion plugins search WORDS…`: what the registered marketplaces offer, by name and description (AC-8.7).
struct PluginsSearchCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search the plugins the registered marketplaces offer (offline; installed plugins are not searched).",
        discussion: """
            Every word must appear in a plugin's name or description. The workstation searches its own copies of the
            marketplaces (`companion plugins marketplace add` makes one); nothing is fetched for the search.

            Examples:
              companion plugins search lint
              companion plugins search pull request --json
              companion plugins install NAME@MARKETPLACE
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "Words that must all appear in a plugin's name or description.") var words: [String]
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let found = try await connection.claudeExtensions(listCommand: MarketplaceCommand.listCommand) {
                try await $0.searchPlugins(query: words.joined(separator: " "))
            }
            if json {
                try OutputFormatter.printJSON(found, .claudeCode)
            } else {
                print(Self.text(found.items, width: table.width), terminator: "")
            }
        }
    }

    /// One row per plugin found, `name@marketplace` (what `plugins install` takes) and its description.
    static func text(_ found: [PluginInfo], width: Int?) -> String {
        guard !found.isEmpty else {
            return "No plugin of the registered marketplaces matches. `companion plugins marketplace list` shows "
                + "them all.\n"
        }
        let rows = found.map { plugin in
            [
                Terminal.safe(plugin.name) + "@" + Terminal.safe(plugin.marketplace ?? "?"),
                Terminal.safe(String((plugin.description ?? "").prefix(80))),
            ]
        }
        return TableFit.text(header: ["PLUGIN", "DESCRIPTION"], rows: rows, width: width)
    }
}
