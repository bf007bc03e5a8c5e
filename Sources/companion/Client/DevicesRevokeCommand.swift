import ArgumentParser
import CompanionAPI

/// `companion devices revoke ID`.
struct DevicesRevokeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Remove a device's trust at once. Revoking this device also forgets its pairing locally.")

    @Argument(help: "The device id, as `companion devices list` shows it.")
    var id: String

    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions

    /// The `--json` shape.
    struct Output: Encodable {
        var ok = true
        var revoked: String
        /// True when the revoked device was this companion (its local pairing is forgotten too).
        var thisDevice: Bool
        var status: StatusCommand.Output
    }

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let context = ClientContext(vault: try vault.open(), timeout: sidecar.timeout)
            let url = try context.sidecarURL(override: sidecar.url)
            let status = try await context.client(url: url, signed: true).revokeDevice(id: id)
            var record = try context.state.pairing()
            let isMine = record?.deviceId == id
            if isMine {
                try context.state.clearPairing()
                record = nil
            }
            let result = Output(
                revoked: id, thisDevice: isMine, status: StatusCommand.output(status, url: url, record: record))
            if output.json { return try Terminal.printJSON(result) }
            let what =
                isMine
                ? "this device (\(Terminal.safe(id))); it is no longer paired" : Terminal.safe(id)
            ClientText.print(["Revoked \(what)."] + StatusCommand.lines(result.status))
        }
    }
}
