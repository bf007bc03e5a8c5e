import ArgumentParser
import CompanionAPI
import CompanionKit
import CompanionPairing
import CompanionVault
import Foundation

/// `companion status [--watch]`: the connection status screen.
struct StatusCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show whether a device is connected to the sidecar, and whether it is this one.",
        discussion: """
            Examples:
              companion status
              companion status --watch
              companion status --json
            """)

    @Flag(name: .long, help: "Keep refreshing until interrupted (Ctrl-C); redraws in place on a terminal.")
    var watch = false

    @Option(name: .long, help: "Seconds between refreshes with --watch.")
    var interval: Double = Self.defaultInterval

    /// Seconds between refreshes when `--interval` is not given.
    static let defaultInterval: Double = 2

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
        /// What this device concluded from the sidecar's audit log head; absent when it was not asked.
        var auditWitness: AuditWitness?

        private enum CodingKeys: String, CodingKey {
            case ok, sidecarURL, connected, connectedDevice, thisDevice, thisDeviceConnected, auditWitness
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
            try container.encodeIfPresent(auditWitness, forKey: .auditWitness)
        }
    }

    func validate() throws {
        guard interval >= 0.2, interval <= 3600 else { throw ValidationError("--interval must be 0.2 to 3600 seconds") }
    }

    func execute() async throws {
        try await StatusShowing(
            sidecar: sidecar.selection, vault: vault.selection, json: output.json, watch: watch, interval: interval
        ).execute()
    }
}

extension StatusCommand.Output {
    /// The `--json` shape of a status report.
    init(_ report: StatusReport) {
        self.init(
            sidecarURL: report.sidecarURL, connected: report.connected, connectedDevice: report.connectedDevice,
            thisDevice: report.thisDevice, thisDeviceConnected: report.thisDeviceConnected,
            auditWitness: report.auditWitness)
    }

    /// Back to the report, for the text lines.
    var report: StatusReport {
        var report = StatusReport(
            CompanionStatusResponse(connected: connected, connectedDevice: connectedDevice), url: sidecarURL,
            record: thisDevice)
        report.auditWitness = auditWitness
        return report
    }
}
