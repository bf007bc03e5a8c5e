import ArgumentParser
import CompanionAPI
import CompanionKit
import CompanionSidecar
import Foundation

/// `companion sidecar pair`: starts a pairing on the local sidecar, shows the code, the QR and a countdown,
/// and waits until a device pairs or the code expires.
struct SidecarPairCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Start a pairing on the local sidecar and show its code and QR until a device pairs.",
        discussion: """
            Exits 0 when a device pairs (printing its name), 6 when the code expires first, 4 when the sidecar \
            cannot be reached, 130 on Ctrl-C (the pairing is cancelled on the sidecar first, so its code stops \
            working at once). With --json, prints one JSON line when the pairing starts and one with the outcome \
            (`paired`, `expired` or `cancelled`).

            Examples:
              companion sidecar pair
              companion sidecar pair --ttl 300 -o qr.png
              companion sidecar pair --json | jq -r 'select(.event == "started") | .code'
              companion sidecar pair --scopes read,tasks,chat,control

            Scopes beyond read, tasks and chat are asked through the sidecar's owner socket (--data-dir), which \
            refuses a process running under an agent (Claude Code, a task or agent pane of the sidecar).
            """)

    @Option(
        help:
            "Base URL of the sidecar on this machine (default: http://127.0.0.1:PORT, PORT from [sidecar] port in the settings file, else 7878)."
    )
    var url: String?

    @Option(help: "Code lifetime in seconds (the sidecar clamps it to 30–600; default 120).")
    var ttl: Int?

    @Option(
        name: .shortAndLong, help: "Also write the QR code as a PNG image to this file.",
        completion: .file(extensions: ["png"]))
    var output: String?

    @Flag(help: "Print JSON lines instead of the code, QR and countdown.")
    var json = false

    @Option(
        help: "What the device may do, comma-separated: read, tasks, chat, control, admin (default read,tasks,chat).",
        completion: .list(DeviceScope.completionValues))
    var scopes: String?

    @Option(
        name: .customLong("data-dir"),
        help:
            "The sidecar's data directory, whose owner socket starts pairings with control or admin (default: [sidecar] data-dir in the settings file, else ~/.local/share/companionkit/sidecar).",
        completion: .directory)
    var dataDir: String?

    func validate() throws {
        if let scopes {
            do { _ = try DeviceScope.parse(scopes) } catch { throw ValidationError("--scopes: \(error)") }
        }
    }

    func execute() async throws {
        let port = try CLISettings.resolution().resolve(.sidecarPort, default: SidecarConfiguration.defaultPort).value
        let workstation = try WorkstationPairing(url: url ?? "http://127.0.0.1:\(port)")
        // Ctrl-C is caught from here on: it cancels the pairing on the sidecar before the command ends.
        let interrupt = ChatInterrupt()
        defer { interrupt.cancel() }
        let chosen = try scopes.map { try DeviceScope.parse($0) }
        let started: WorkstationPairing.Started
        if let chosen, !chosen.isSubset(of: DeviceScope.pairingDefault) {
            // control or admin: only the owner socket starts such a pairing (loopback TCP refuses it).
            let owner = try OwnerOptions.control(dataDir: dataDir)
            started = try await workstation.start { try await owner.startPairing(ttlSeconds: ttl, scopes: chosen) }
        } else {
            started = try await workstation.start(ttlSeconds: ttl, scopes: chosen)
        }
        let response = started.response
        try PairingPresenter(started: response, payload: started.payload, pngPath: output, json: json).presentStart()
        if started.reachableOnlyFromThisMachine { Terminal.printNote(WorkstationPairing.Started.loopbackAdvice) }
        var countdown = PairingCountdown(expiresAt: response.expiresAt, interactive: !json && Terminal.stdoutIsTTY)
        if !json { countdown.draw(at: Date()) }
        let waiting = Task { [countdown] in
            var countdown = countdown
            for try await event in workstation.events(for: started) {
                switch event {
                case .waiting:
                    if !json { countdown.draw(at: Date()) }
                case .paired(let device, let verificationCode):
                    return (countdown, Optional((device, verificationCode)))
                }
            }
            return (countdown, nil)
        }
        interrupt.onInterrupt { waiting.cancel() }
        do {
            let (finalCountdown, paired) = try await waiting.value
            countdown = finalCountdown
            countdown.finish()
            if let (device, verificationCode) = paired {
                return try PairingPresenter.presentPaired(device, verificationCode: verificationCode, json: json)
            }
        } catch let error as CompanionError where error.kind == .pairing {
            countdown.finish()
            if json { try PairingPresenter.printLine(["event": "expired"]) }
            throw error
        }
        // The events ended without a device: only cancellation (Ctrl-C) ends them so.
        let cancelled = try await workstation.cancel(started)
        if json { try PairingPresenter.printLine(["event": "cancelled"]) }
        Terminal.printNote(
            cancelled
                ? "pairing cancelled: its code no longer works" : "the pairing had already ended on the sidecar")
        throw ExitCode(ExitStatus.interrupted.rawValue)
    }
}
