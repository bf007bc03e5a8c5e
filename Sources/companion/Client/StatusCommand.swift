import ArgumentParser
import CompanionAPI
import CompanionPairing
import Foundation

/// `companion status [--watch]`: the connection status screen.
struct StatusCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether a device is connected to the sidecar, and whether it is this one.")

    @Flag(name: .long, help: "Keep refreshing until interrupted (Ctrl-C); redraws in place on a terminal.")
    var watch = false

    @Option(name: .long, help: "Seconds between refreshes with --watch.")
    var interval: Double = 2

    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions

    /// The `--json` shape (one object; with --watch, one compact object per line on every change).
    struct Output: Encodable, Equatable {
        var ok = true
        var sidecarURL: String
        var connected: Bool
        var connectedDevice: CompanionDevice?
        /// This companion's pairing record, or null when it is not paired.
        var thisDevice: PairingRecord?
        /// True when the connected device is this companion.
        var thisDeviceConnected: Bool

        private enum CodingKeys: String, CodingKey {
            case ok, sidecarURL, connected, connectedDevice, thisDevice, thisDeviceConnected
        }

        /// Absent values are written as `null`, so the shape never changes.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ok, forKey: .ok)
            try container.encode(sidecarURL, forKey: .sidecarURL)
            try container.encode(connected, forKey: .connected)
            try container.encode(connectedDevice, forKey: .connectedDevice)
            try container.encode(thisDevice, forKey: .thisDevice)
            try container.encode(thisDeviceConnected, forKey: .thisDeviceConnected)
        }
    }

    func validate() throws {
        guard interval >= 0.2, interval <= 3600 else { throw ValidationError("--interval must be 0.2 to 3600 seconds") }
    }

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let context = ClientContext(vault: try vault.open(), timeout: sidecar.timeout)
            let url = try context.sidecarURL(override: sidecar.url)
            let record = try context.state.pairing()
            guard watch else {
                // Signed when this device is paired with this sidecar: a revoked device learns it here (exit 7).
                let status = try await context.client(url: url, signed: true).status(signed: true)
                return try show(Self.output(status, url: url, record: record))
            }
            // Unsigned: each signed poll would move this device's lastSeenAt and redraw the screen.
            let client = try context.client(url: url)
            let watcher = StatusWatcher(json: output.json, interval: interval)
            try await watcher.run { Self.output(try await client.status(), url: url, record: record) }
        }
    }

    static func output(_ status: CompanionStatusResponse, url: String, record: PairingRecord?) -> Output {
        Output(
            sidecarURL: url, connected: status.connected, connectedDevice: status.connectedDevice, thisDevice: record,
            thisDeviceConnected: status.connected && record != nil && status.connectedDevice?.id == record?.deviceId)
    }

    private func show(_ output: Output) throws {
        if self.output.json { return try Terminal.printJSON(output) }
        ClientText.print(Self.lines(output))
    }

    static func lines(_ output: Output) -> [String] {
        let status = CompanionStatusResponse(connected: output.connected, connectedDevice: output.connectedDevice)
        return ClientText.statusLines(status, url: output.sidecarURL, record: output.thisDevice)
    }
}
