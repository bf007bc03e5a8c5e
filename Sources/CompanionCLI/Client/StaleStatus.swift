import CompanionAPI
import CompanionKit
import CompanionPairing
import Foundation

/// The last-known state `companion status` shows when the workstation cannot be reached: what the sidecar said
/// last time, marked stale with its age. With `--json` it is the failure document's `lastKnown`.
struct StaleStatus: Encodable, Sendable {
    var stale = true
    var sidecarURL: String
    var connected: Bool
    var connectedDevice: CompanionDevice?
    var thisDeviceConnected: Bool
    /// When the sidecar said it (ISO 8601, UTC).
    var observedAt: String
    /// Whole seconds since then.
    var ageSeconds: Int

    init(_ status: LastKnownStatus, now: Date = Date()) {
        sidecarURL = status.sidecarURL
        connected = status.connected
        connectedDevice = status.connectedDevice
        thisDeviceConnected = status.thisDeviceConnected
        observedAt = ISO8601DateFormatter().string(from: status.observedAt)
        ageSeconds = Int(status.age(now: now))
    }

    /// "42 s", "3 min 12 s", "2 h 5 min", "3 d 4 h".
    static func ageText(_ seconds: Int) -> String {
        let (days, hours, minutes) = (seconds / 86_400, seconds / 3600 % 24, seconds / 60 % 60)
        if days > 0 { return "\(days) d \(hours) h" }
        if hours > 0 { return "\(hours) h \(minutes) min" }
        if minutes > 0 { return "\(minutes) min \(seconds % 60) s" }
        return "\(seconds) s"
    }

    /// The text lines: a header saying it is stale and how old, then the status lines as `companion status` prints
    /// them.
    static func lines(_ status: LastKnownStatus, record: PairingRecord?, now: Date = Date()) -> [String] {
        let age = ageText(Int(status.age(now: now)))
        let header = Terminal.styled(
            "Workstation unreachable. Last known state (stale: seen \(age) ago, at "
                + "\(ISO8601DateFormatter().string(from: status.observedAt))):", "33")
        return [header] + ClientText.statusLines(status.report(record: record))
    }
}
