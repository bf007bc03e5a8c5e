import ArgumentParser
import CompanionAPI
import Foundation

/// `companion plugins marketplace list|add|rm`.
struct MarketplaceCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "marketplace", abstract: "The plugin marketplaces Claude Code knows, and what they offer.",
        subcommands: [MarketplaceListCommand.self, MarketplaceAddCommand.self, MarketplaceRemoveCommand.self],
        defaultSubcommand: MarketplaceListCommand.self)

    static let listCommand = "companion plugins marketplace list"
}

/// `companion plugins marketplace list`.
struct MarketplaceListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the marketplaces and the plugins each offers.",
        discussion: """
            Examples:
              companion plugins marketplace list
              companion plugins marketplace list --wide
              companion plugins marketplace list --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let marketplaces = try await connection.claudeExtensions(listCommand: MarketplaceCommand.listCommand) {
                try await $0.pluginMarketplaces()
            }
            if json {
                try OutputFormatter.printJSON(marketplaces, .claudeCode)
            } else {
                print(ExtensionsPresentation.marketplaces(marketplaces, width: table.width), terminator: "")
            }
        }
    }
}

/// `companion plugins marketplace add SOURCE`.
struct MarketplaceAddCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a marketplace: GitHub owner/repo, an https or ssh git URL, or a local path under a clone root.",
        discussion: """
            Examples:
              companion plugins marketplace add https://github.com/owner/market.git
              companion plugins marketplace add owner/market
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The marketplace's repository or directory.") var source: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let added = try await connection.claudeExtensions(listCommand: MarketplaceCommand.listCommand) {
                try await $0.addMarketplace(AddMarketplaceRequest(repo: source))
            }
            if json {
                try OutputFormatter.printJSON(added, .claudeCode)
            } else {
                print("Added marketplace \(Terminal.safe(added.name)) (\(added.plugins?.count ?? 0) plugins).")
            }
        }
    }
}

/// `companion plugins marketplace rm NAME`.
struct MarketplaceRemoveCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a marketplace.",
        discussion: """
            Examples:
              companion plugins marketplace rm team-market
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "The marketplace's name.") var name: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let deleted = try await connection.claudeExtensions(listCommand: MarketplaceCommand.listCommand) {
                try await $0.removeMarketplace(name: name)
            }
            if json {
                try OutputFormatter.printJSON(deleted, .claudeCode)
            } else {
                print("Removed marketplace \(Terminal.safe(name)).")
            }
        }
    }
}
