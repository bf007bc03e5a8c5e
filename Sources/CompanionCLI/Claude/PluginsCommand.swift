import ArgumentParser
import CompanionAPI
import Foundation

/// `companion plugins list|enable|disable|install|rm|marketplace`: Claude Code plugins on the workstation,
/// changed through the real `claude plugin` commands.
struct PluginsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins", abstract: "List, enable, disable, install and remove Claude Code plugins.",
        subcommands: [
            PluginsListCommand.self, PluginsEnableCommand.self, PluginsDisableCommand.self, PluginsInstallCommand.self,
            PluginsRemoveCommand.self, PluginsSearchCommand.self, MarketplaceCommand.self,
        ], defaultSubcommand: PluginsListCommand.self)

    static let listCommand = "companion plugins list"
}

/// `companion plugins list`.
struct PluginsListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List installed plugins with their enabled state.",
        discussion: """
            Examples:
              companion plugins list
              companion plugins list --wide
              companion plugins list --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Flag(help: "Print the API's JSON.") var json = false
    @OptionGroup var table: TableOptions

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let plugins = try await connection.claudeExtensions(listCommand: PluginsCommand.listCommand) {
                try await $0.plugins()
            }
            if json {
                try OutputFormatter.printJSON(plugins, .claudeCode)
            } else {
                print(ExtensionsPresentation.plugins(plugins.items, width: table.width), terminator: "")
            }
        }
    }
}

/// `companion plugins enable|disable PLUGIN`.
struct PluginsEnableCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Enable an installed plugin.",
        discussion: """
            Examples:
              companion plugins enable hello@team-market
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "plugin@marketplace, or a plugin name only one installed plugin has.") var plugin: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws { try await PluginToggle.run(connection, plugin, enabled: true, json: json) }
}

/// `companion plugins disable PLUGIN`.
struct PluginsDisableCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Disable an installed plugin.",
        discussion: """
            Examples:
              companion plugins disable hello@team-market
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "plugin@marketplace, or a plugin name only one installed plugin has.") var plugin: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws { try await PluginToggle.run(connection, plugin, enabled: false, json: json) }
}

enum PluginToggle {
    static func run(_ connection: TaskConnectionOptions, _ plugin: String, enabled: Bool, json: Bool) async throws {
        try await ClientRun.run(json: json) {
            let result = try await connection.claudeExtensions(listCommand: PluginsCommand.listCommand) {
                try await $0.setPluginEnabled(name: plugin, enabled: enabled)
            }
            if json {
                try OutputFormatter.printJSON(result, .claudeCode)
            } else {
                print("Plugin \(Terminal.safe(plugin)) is \(result.enabled ? "enabled" : "disabled").")
            }
        }
    }
}

/// `companion plugins install PLUGIN@MARKETPLACE`.
struct PluginsInstallCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "install", abstract: "Install a plugin from a known marketplace (claude plugin install).",
        discussion: """
            Examples:
              companion plugins install hello@team-market
              companion plugins install hello@team-market --json
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "plugin@marketplace (from `companion plugins marketplace list`).") var plugin: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        let parts = plugin.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw CLIFailure(
                .usage, "'\(Terminal.safe(String(plugin.prefix(80))))' is not plugin@marketplace",
                hint: "`companion plugins marketplace list` shows what each marketplace offers")
        }
        try await ClientRun.run(json: json) {
            let installed = try await connection.claudeExtensions(listCommand: "companion plugins marketplace list") {
                try await $0.installPlugin(
                    InstallPluginRequest(pluginName: String(parts[0]), marketplace: String(parts[1])))
            }
            if json {
                try OutputFormatter.printJSON(installed, .claudeCode)
            } else {
                print(ExtensionsPresentation.plugin(installed))
            }
        }
    }
}

/// `companion plugins rm PLUGIN`.
struct PluginsRemoveCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Uninstall a plugin.",
        discussion: """
            Examples:
              companion plugins rm hello@team-market
            """)

    @OptionGroup var connection: TaskConnectionOptions
    @Argument(help: "plugin@marketplace, or a plugin name only one installed plugin has.") var plugin: String
    @Flag(help: "Print the API's JSON.") var json = false

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let deleted = try await connection.claudeExtensions(listCommand: PluginsCommand.listCommand) {
                try await $0.uninstallPlugin(name: plugin)
            }
            if json {
                try OutputFormatter.printJSON(deleted, .claudeCode)
            } else {
                print("Uninstalled plugin \(Terminal.safe(plugin)).")
            }
        }
    }
}
