import CompanionAPI
import CompanionKit
import Foundation

/// The readable (non-JSON) output of the client commands.
enum ClientText {
    /// `2026-02-25T10:00:00.000Z (3 min ago)`.
    static func time(_ date: Date, now: Date = Date()) -> String {
        "\(Timestamp.string(from: date)) (\(relative(date, now: now)))"
    }

    /// `just now`, `42 s ago`, `3 min ago`, `2 h ago`, `5 d ago`, or `in …` for the future.
    static func relative(_ date: Date, now: Date = Date()) -> String {
        let seconds = Int(now.timeIntervalSince(date).rounded())
        let magnitude = abs(seconds)
        let amount =
            switch magnitude {
            case 0..<2: "now"
            case 2..<60: "\(magnitude) s"
            case 60..<3600: "\(magnitude / 60) min"
            case 3600..<86_400: "\(magnitude / 3600) h"
            default: "\(magnitude / 86_400) d"
            }
        if amount == "now" { return "just now" }
        return seconds >= 0 ? "\(amount) ago" : "in \(amount)"
    }

    /// `2 s` or `0.5 s`.
    static func relativeInterval(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
    }

    /// `1:54` for 114 seconds.
    static func countdown(_ seconds: Int) -> String {
        String(format: "%d:%02d", seconds / 60, seconds % 60)
    }

    /// The lines describing a status answer, marking this device when it is the connected one.
    static func statusLines(_ report: StatusReport) -> [String] {
        let record = report.thisDevice
        var lines = ["Sidecar:      \(Terminal.safe(report.sidecarURL))"]
        if report.connected, let device = report.connectedDevice {
            let mine = record?.deviceId == device.id ? " (this device)" : ""
            lines.append("Status:       " + Terminal.styled("connected", "32"))
            lines.append(
                "Device:       \(Terminal.safe(device.name))\(mine), id \(Terminal.safe(device.id))"
            )
            if let connectedAt = device.connectedAt { lines.append("Connected at: \(time(connectedAt))") }
            lines.append("Last seen:    \(time(device.lastSeenAt))")
            if device.scopes != nil { lines.append("Scopes:       \(scopes(device))") }
        } else {
            lines.append("Status:       " + Terminal.styled("disconnected", "33"))
        }
        if let record {
            lines.append(
                "This device:  paired as \(Terminal.safe(record.deviceName)), id \(Terminal.safe(record.deviceId))"
            )
        } else {
            lines.append("This device:  not paired")
        }
        if let witness = report.auditWitness, !witness.diverged {
            lines.append("Audit log:    \(Terminal.safe(witness.message))")
        }
        return lines
    }

    /// A device's scopes for a table or status line (`read,tasks`), `-` from a sidecar that does not say.
    static func scopes(_ device: CompanionDevice) -> String {
        guard let scopes = device.scopes else { return "-" }
        return scopes.isEmpty ? "none" : Terminal.safe(scopes.joined(separator: ","))
    }

    /// Prints lines to standard output.
    static func print(_ lines: [String]) {
        writeStandardOutput(lines.joined(separator: "\n") + "\n")
    }
}
