import ArgumentParser

/// `companion settings explain`: this machine's CompanionKit settings (the settings file, the environment, the
/// options). Claude Code's settings on the workstation are `companion config`.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show CompanionKit's settings on this machine and where each value comes from.",
        subcommands: [SettingsExplainCommand.self], defaultSubcommand: SettingsExplainCommand.self)
}
