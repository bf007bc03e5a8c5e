import CompanionAPI
import CompanionFiles
import CompanionPairing
import CompanionVault
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What the last status that reached a sidecar said, kept so that an unreachable workstation can still be shown as
/// it was last seen (the orca connection flow's "offline with last-known status"), marked stale with its age.
/// Not secret: device names and ids, as `companion status` prints them.
public struct LastKnownStatus: Codable, Sendable, Equatable {
    /// The sidecar that answered.
    public var sidecarURL: String
    public var connected: Bool
    public var connectedDevice: CompanionDevice?
    public var thisDeviceConnected: Bool
    /// When the sidecar answered.
    public var observedAt: Date

    /// The report's state, seen at `observedAt`.
    public init(_ report: StatusReport, observedAt: Date) {
        sidecarURL = report.sidecarURL
        connected = report.connected
        connectedDevice = report.connectedDevice
        thisDeviceConnected = report.thisDeviceConnected
        self.observedAt = observedAt
    }

    /// Seconds since it was seen (0 for a clock that went back).
    public func age(now: Date = Date()) -> TimeInterval { max(0, now.timeIntervalSince(observedAt)) }

    /// The state as a report again (the pairing record is this device's own, from the vault).
    public func report(record: PairingRecord?) -> StatusReport {
        var report = StatusReport(
            CompanionStatusResponse(connected: connected, connectedDevice: connectedDevice), url: sidecarURL,
            record: record)
        report.thisDeviceConnected = thisDeviceConnected
        return report
    }
}

/// Where a profile keeps its ``LastKnownStatus``: `last-status.json` in the profile's state directory
/// (`$XDG_STATE_HOME/companionkit/<profile>`), 0600 in a 0700 directory, written by rename. Failing to keep it
/// never fails a command: it is a convenience, so write and read errors leave it absent.
public struct LastKnownStatusFile: Sendable {
    /// The file.
    public let url: URL

    public init(profile: VaultProfile) {
        url = profile.stateDirectory.appendingPathComponent("last-status.json")
    }

    public init(url: URL) { self.url = url }

    /// Keeps `status` (replacing what was kept).
    public func save(_ status: LastKnownStatus) {
        let directory = url.deletingLastPathComponent()
        guard
            (try? FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])) != nil,
            let data = try? CompanionJSON.encode(status)
        else { return }
        // Best effort: a status that cannot be kept only means no last-known state to show later.
        try? AtomicFile.replace(url.path, with: data, mode: .exactly(0o600), durable: false)
    }

    /// What was kept for `sidecarURL`, nil when nothing was (or it was for another sidecar, or unreadable).
    public func load(sidecarURL: String) -> LastKnownStatus? {
        guard let data = FileManager.default.contents(atPath: url.path), data.count < 64 * 1024,
            let status = try? CompanionJSON.decode(LastKnownStatus.self, from: data), status.sidecarURL == sidecarURL
        else { return nil }
        return status
    }
}
