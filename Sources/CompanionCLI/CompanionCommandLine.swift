import ArgumentParser

/// The `companion` command: pair this device with a workstation sidecar and drive its agents.
///
/// The executable (`Sources/companion/main.swift`) only calls ``runAsProgram()``; every command, option group and
/// presenter lives in this library.
package struct CompanionCommandLine: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "companion",
        abstract: "Pair this device with the workstation where your AI coding agents run, and drive them.",
        version: "0.1.0",
        subcommands: [
            KeysCommand.self, QRCommand.self, ConnectCommand.self, PairCommand.self, StatusCommand.self,
            DisconnectCommand.self, DevicesCommand.self, SidecarCommand.self, TasksCommand.self,
            LogsCommand.self, ProjectsCommand.self, SessionsCommand.self, ChatCommand.self, SkillsCommand.self,
            PluginsCommand.self, MCPCommand.self, ConfigCommand.self, AgentsCommand.self, WatchCommand.self,
            ApproveCommand.self, DenyCommand.self, ExitCodesCommand.self, DiscoverCommand.self, HookCommand.self,
            DashboardCommand.self, SettingsCommand.self,
        ]
    )

    package init() {}
}
