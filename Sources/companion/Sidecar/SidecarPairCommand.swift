import ArgumentParser
import CompanionAPI
import Foundation

/// `companion sidecar pair`: starts a pairing on the local sidecar, shows the code, the QR and a countdown,
/// and waits until a device pairs or the code expires.
struct SidecarPairCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Start a pairing on the local sidecar and show its code and QR until a device pairs.",
        discussion: """
            Exits 0 when a device pairs (printing its name), 6 when the code expires first, 4 when the sidecar \
            cannot be reached. With --json, prints one JSON line when the pairing starts and one with the outcome.
            """)

    @Option(help: "Base URL of the sidecar on this machine.")
    var url = "http://127.0.0.1:7878"

    @Option(help: "Code lifetime in seconds (the sidecar clamps it to 30–600; default 120).")
    var ttl: Int?

    @Option(name: .shortAndLong, help: "Also write the QR code as a PNG image to this file.")
    var output: String?

    @Flag(help: "Print JSON lines instead of the code, QR and countdown.")
    var json = false

    func execute() async throws {
        guard let baseURL = URL(string: url), let scheme = baseURL.scheme, scheme == "http" || scheme == "https" else {
            throw CLIFailure(.usage, "--url must be an http(s) URL", hint: "e.g. http://127.0.0.1:7878")
        }
        let client = LocalSidecarClient(baseURL: baseURL)
        let before = try await client.status().connectedDevice
        let started = try await client.startPairing(ttlSeconds: ttl)
        let payload = try? QRPayload.parse(started.qrPayload)
        try PairingPresenter(started: started, payload: payload, pngPath: output, json: json).presentStart()
        var countdown = PairingCountdown(expiresAt: started.expiresAt, interactive: !json && Terminal.stdoutIsTTY)
        while Date() < started.expiresAt {
            if !json { countdown.draw(at: Date()) }
            try await Task.sleep(for: .milliseconds(500))
            let device = try await client.status().connectedDevice
            if let device, device.id != before?.id || device.connectedAt != before?.connectedAt {
                countdown.finish()
                let completed = try? await client.lastPairing()
                let code = completed?.deviceId == device.id ? completed?.verificationCode : nil
                try PairingPresenter.presentPaired(device, verificationCode: code, json: json)
                return
            }
        }
        countdown.finish()
        if json { try PairingPresenter.printLine(["event": "expired"]) }
        throw CLIFailure(
            .pairing, "the code expired before a device paired", hint: "run `companion sidecar pair` again")
    }
}
