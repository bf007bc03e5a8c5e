import ArgumentParser
import CompanionAPI
import CompanionKit
import Foundation

/// `companion devices list`.
struct DevicesListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List trusted devices.",
        discussion: """
            Examples:
              companion devices list
              companion devices list --wide
              companion devices list --json
            """)

    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions
    @Flag(help: "Show whole ids and names, however wide the terminal.") var wide = false

    /// The `--json` shape.
    struct Output: Encodable {
        var ok = true
        var sidecarURL: String
        var devices: [CompanionDevice]
        /// This companion's device id, or null when it is not paired.
        var thisDeviceId: String?

        private enum CodingKeys: String, CodingKey { case ok, sidecarURL, devices, thisDeviceId }

        /// Absent values are written as `null`, so the shape never changes.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ok, forKey: .ok)
            try container.encode(sidecarURL, forKey: .sidecarURL)
            try container.encode(devices, forKey: .devices)
            try container.encode(thisDeviceId, forKey: .thisDeviceId)
        }
    }

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let companion = Companion(vault: try vault.open(), timeout: sidecar.timeout)
            let list = try await companion.devices(url: sidecar.given)
            if output.json {
                return try OutputFormatter.printJSON(
                    Output(sidecarURL: list.sidecarURL, devices: list.devices, thisDeviceId: list.thisDeviceId))
            }
            ClientText.print(
                Self.table(list.devices, mine: list.thisDeviceId, width: wide ? nil : Terminal.columns))
        }
    }

    /// The devices as a table that fits `width` columns (long ids and names end in an ellipsis); nil: no limit.
    static func table(_ devices: [CompanionDevice], mine: String?, width: Int? = nil) -> [String] {
        guard !devices.isEmpty else { return ["No trusted devices."] }
        let rows = devices.map { device in
            [
                Terminal.safe(device.id),
                Terminal.safe(device.name) + (device.id == mine ? " (this device)" : ""),
                device.pairedAt.map { ClientText.relative($0) } ?? "-", ClientText.relative(device.lastSeenAt),
                ClientText.scopes(device),
            ]
        }
        let header = ["ID", "NAME", "PAIRED", "LAST SEEN", "SCOPES"]
        return TableFit.render(header: header, rows: rows, width: width)
    }
}
