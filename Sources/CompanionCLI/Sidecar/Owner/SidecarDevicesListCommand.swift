import ArgumentParser
import CompanionAPI
import Foundation

/// `companion sidecar devices list`.
struct SidecarDevicesListCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the devices this workstation's sidecar trusts.",
        discussion: """
            Examples:
              companion sidecar devices list
              companion sidecar devices list --json | jq -r '.devices[].id'
              companion sidecar devices list --data-dir /srv/companion/sidecar
            """)

    @OptionGroup var owner: OwnerOptions
    @Flag(help: "Show whole ids and names, however wide the terminal.") var wide = false

    func execute() async throws {
        try await ClientRun.run(json: owner.json) {
            let list = try await owner.control.devices()
            if owner.json { return try OutputFormatter.printJSON(list) }
            ClientText.print(Self.table(list.devices, width: wide ? nil : Terminal.columns))
        }
    }

    static func table(_ devices: [CompanionDevice], width: Int?) -> [String] {
        guard !devices.isEmpty else { return ["No trusted devices."] }
        let rows = devices.map { device in
            [
                Terminal.safe(device.id), Terminal.safe(device.name),
                device.pairedAt.map { ClientText.relative($0) } ?? "-", ClientText.relative(device.lastSeenAt),
                ClientText.scopes(device),
            ]
        }
        return TableFit.render(header: ["ID", "NAME", "PAIRED", "LAST SEEN", "SCOPES"], rows: rows, width: width)
    }
}
