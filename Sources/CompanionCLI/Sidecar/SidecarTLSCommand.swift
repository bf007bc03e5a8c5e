import ArgumentParser
import CompanionAPI
import CompanionSidecar
import CompanionTLS
import Foundation

/// `companion sidecar tls`: the sidecar's TLS key.
struct SidecarTLSCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tls", abstract: "Show or rotate the sidecar's TLS key (the pin paired devices hold).",
        subcommands: [SidecarTLSRotateCommand.self])
}

/// `companion sidecar tls rotate [--grace DURATION]`.
struct SidecarTLSRotateCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "rotate", abstract: "Make the next TLS key and switch to it after a grace period.",
        discussion: """
            Makes a new P-256 key in the sidecar's vault profile and announces it: paired devices learn its pin \
            from signed GET /companion/tls and accept both keys until the switch; the sidecar serves the new key \
            to new connections once the grace period ends (at the next start if it is stopped then). Devices that \
            do not connect during the grace period must pair again. A certificate given with --tls-cert is not \
            rotated here: renew those files.

            Examples:
              companion sidecar tls rotate
              companion sidecar tls rotate --grace 24h
            """)

    @Option(help: "Time until the switch: 90s, 30m, 24h, 7d (default 7d).") var grace = "7d"
    @OptionGroup var owner: OwnerOptions

    func execute() async throws {
        guard let seconds = Self.seconds(grace) else {
            throw CLIFailure(
                .usage, "--grace \(grace) is not a duration", hint: "e.g. 90s, 30m, 24h or 7d (at most 365d)")
        }
        let rotation = TLSRotation(
            next: .generate(), switchAt: Timestamp.truncated(Date().addingTimeInterval(TimeInterval(seconds))))
        try await ClientRun.run(json: owner.json) {
            try SidecarTLSKey.store(rotation, in: try SidecarIdentity.ownerVault())
            let running = try await owner.control.announceTLSRotation(rotation)
            let status =
                running
                ?? TLSStatusResponse(current: rotation.next.pin, next: rotation.next.pin, switchAt: rotation.switchAt)
            if owner.json { return try OutputFormatter.printJSON(status) }
            var lines = ["next TLS key \(rotation.next.pin)", "switch at \(Timestamp.string(from: rotation.switchAt))"]
            if let running {
                lines.insert("current TLS key \(running.current)", at: 0)
                lines.append("announced to the running sidecar: paired devices learn it from GET /companion/tls")
            } else {
                lines.append("no sidecar runs now: the next start announces it (or switches, once the time has passed)")
            }
            ClientText.print(lines)
        }
    }

    /// Seconds of `90s`, `30m`, `24h`, `7d` or a bare number of seconds; nil beyond 365 days or for anything else.
    static func seconds(_ text: String) -> Int? {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = Substring(text.lowercased())
        var unit = 1
        if let last = digits.last, let factor = units[last] {
            unit = factor
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.count <= 8, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0
        else { return nil }
        let seconds = value * unit
        return seconds <= 365 * 86_400 ? seconds : nil
    }
}
