import ArgumentParser

/// `companion sidecar`: run the workstation sidecar and start pairings from its terminal.
struct SidecarCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sidecar",
        abstract: "Run the workstation sidecar that companions pair with, and start pairings.",
        subcommands: [
            SidecarServeCommand.self, SidecarPairCommand.self, SidecarDevicesCommand.self, SidecarAuditCommand.self,
            SidecarServiceCommand.self, SidecarHooksCommand.self, SidecarTLSCommand.self,
        ]
    )
}
