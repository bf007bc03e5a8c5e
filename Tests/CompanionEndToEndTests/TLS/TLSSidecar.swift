import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// A real `companion sidecar serve` inside a confined LAN (``ConfinedLAN``), listening on loopback and on the
/// namespace's LAN address (HTTPS there), with its `--json` announcement: the listeners and the TLS pin.
struct TLSSidecar {
    let process: RunningProcess
    let port: Int
    let pin: String
    let announcement: JSONValue

    /// `https://10.77.0.1:PORT`.
    var lanURL: String { "https://\(ConfinedLAN.address):\(port)" }
    /// `10.77.0.1:PORT`, for openssl.
    var lanAuthority: String { "\(ConfinedLAN.address):\(port)" }

    /// Starts it with `--host 127.0.0.1 --host <hosts…>` (the LAN address by default) and `arguments`; with
    /// `vaultProfile`, its keys are kept in that profile of the run's keyring (the namespace reaches the keyring's
    /// D-Bus socket, a file), else it starts with `--ephemeral-identity`.
    static func start(
        _ lan: ConfinedLAN, hosts: [String] = [ConfinedLAN.address], arguments: [String] = [], name: String = "tls",
        port: Int = 0, vaultProfile: String? = nil
    ) async throws -> TLSSidecar {
        let identity = vaultProfile == nil ? ["--ephemeral-identity"] : []
        let environment: [String: String?] =
            vaultProfile.map { ["COMPANION_VAULT": "secret-service", "COMPANION_SIDECAR_PROFILE": $0] } ?? [:]
        let process = try lan.spawn(
            [TestPaths.companionBinary.path, "sidecar", "serve", "--host", "127.0.0.1"]
                + hosts.flatMap { ["--host", $0] } + [
                    "--port", String(port), "--data-dir", lan.directory.appendingPathComponent(name).path, "--json",
                    "--no-advertise", "--no-claude-code", "--no-agents", "--log-level", "warning",
                ] + identity + arguments, environment: environment)
        try await process.waitForOutput(timeout: 60) { out, _ in out.contains("\n") }
        let announcement = try JSONValue.parse(String(process.stdout.prefix { $0 != "\n" }))
        guard case .integer(let port)? = announcement["port"], let pin = announcement["tlsPin"]?.stringValue else {
            process.kill(SIGTERM)
            throw TLSSidecarError(detail: "no port or tlsPin in \(announcement)")
        }
        return TLSSidecar(process: process, port: Int(port), pin: pin, announcement: announcement)
    }

    /// `POST /companion/pairing/start` on its loopback listener (as the workstation's owner does), with the longest
    /// lifetime the policy allows (a loaded run can take minutes between the start and the exchange).
    func startPairing(_ lan: ConfinedLAN) async throws -> PairingStartResponse {
        let started = try await lan.run([
            "curl", "-s", "--max-time", "30", "-X", "POST", "-H", "Content-Type: application/json", "-d",
            #"{"ttlSeconds":600}"#, "http://127.0.0.1:\(port)/companion/pairing/start",
        ])
        return try CompanionJSON.decode(PairingStartResponse.self, from: Data(started.stdout.utf8))
    }

    /// `curl` inside the namespace: the HTTP status, or curl's exit status when it failed (as `curl:N`).
    func curl(_ lan: ConfinedLAN, _ url: String, pin: String? = nil) async throws -> String {
        let pinned = ["-k", "--pinnedpubkey", pin ?? self.pin]
        let result = try await lan.run(
            ["curl", "-s", "--max-time", "10", "-o", "/dev/null", "-w", "%{http_code}"] + pinned + [url])
        return result.status == 0 ? result.stdout : "curl:\(result.status)"
    }

    /// `openssl s_client` inside the namespace against the LAN listener, with `options`; stdin is `input`.
    func openssl(_ lan: ConfinedLAN, _ options: [String], input: String = "") async throws -> String {
        let result = try await lan.run(
            ["openssl", "s_client", "-connect", lanAuthority] + options, input: input, timeout: 30)
        return result.stdout + result.stderr
    }
}

struct TLSSidecarError: Error, CustomStringConvertible {
    let detail: String
    var description: String { "the TLS sidecar did not start: \(detail)" }
}
