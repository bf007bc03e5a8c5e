import ArgumentParser
import CompanionKit

/// `companion disconnect`: the status screen's Disconnect button.
struct DisconnectCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "disconnect",
        abstract: "End the sidecar's current connection (the device stays trusted; `devices revoke` removes trust).",
        discussion: """
            Examples:
              companion disconnect
            """)

    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let companion = Companion(vault: try vault.open(), timeout: sidecar.timeout)
            let report = try await companion.disconnect(url: sidecar.given)
            if output.json { return try OutputFormatter.printJSON(StatusCommand.Output(report)) }
            ClientText.print(["Disconnected."] + ClientText.statusLines(report))
        }
    }
}
