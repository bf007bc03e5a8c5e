import ArgumentParser
import CompanionAPI

/// `companion disconnect`: the status screen's Disconnect button.
struct DisconnectCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "disconnect",
        abstract: "End the sidecar's current connection (the device stays trusted; `devices revoke` removes trust).")

    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let context = ClientContext(vault: try vault.open(), timeout: sidecar.timeout)
            let url = try context.sidecarURL(override: sidecar.url)
            let status = try await context.client(url: url, signed: true).disconnect()
            let result = StatusCommand.output(status, url: url, record: try context.state.pairing())
            if output.json { return try Terminal.printJSON(result) }
            ClientText.print(["Disconnected."] + StatusCommand.lines(result))
        }
    }
}
