import ArgumentParser
import CompanionKit

/// `companion devices revoke ID`.
struct DevicesRevokeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Remove a device's trust at once. Revoking this device also forgets its pairing locally.",
        discussion: """
            Examples:
              companion devices revoke DEVICE-ID
            """)

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
            let companion = Companion(vault: try vault.open(), timeout: sidecar.timeout)
            let revocation = try await companion.revoke(deviceID: id, url: sidecar.given)
            let result = Output(
                revoked: revocation.revoked, thisDevice: revocation.thisDevice,
                status: StatusCommand.Output(revocation.status))
            if output.json { return try OutputFormatter.printJSON(result) }
            let what =
                revocation.thisDevice
                ? "this device (\(Terminal.safe(id))); it is no longer paired" : Terminal.safe(id)
            ClientText.print(["Revoked \(what)."] + ClientText.statusLines(revocation.status))
        }
    }
}
