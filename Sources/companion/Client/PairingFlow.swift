import CompanionAPI
import CompanionClient
import CompanionPairing
import Foundation

/// Completing a loaded pairing: the part `pair scan` and `pair code` share.
struct PairingFlow {
    let context: ClientContext
    let json: Bool
    /// Wait for Enter (with a live countdown) before completing.
    let confirm: Bool
    /// The verification code the workstation shows (manual path); nil asks the person to compare.
    var expectedVerificationCode: String? = nil

    /// The `--json` shape of a successful pairing.
    struct Output: Encodable {
        var ok = true
        var paired = true
        var method: String
        var sidecarURL: String
        var workstation: String?
        var device: CompanionDevice
        var identityCreated: Bool
        var identityFingerprint: String

        private enum CodingKeys: String, CodingKey {
            case ok, paired, method, sidecarURL, workstation, device, identityCreated, identityFingerprint
        }

        /// Absent values are written as `null`, so the shape never changes.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ok, forKey: .ok)
            try container.encode(paired, forKey: .paired)
            try container.encode(method, forKey: .method)
            try container.encode(sidecarURL, forKey: .sidecarURL)
            try container.encode(workstation, forKey: .workstation)
            try container.encode(device, forKey: .device)
            try container.encode(identityCreated, forKey: .identityCreated)
            try container.encode(identityFingerprint, forKey: .identityFingerprint)
        }
    }

    /// Completes the ticket loaded in `machine` against the sidecar at `url`, stores and prints the result.
    func complete(_ machine: inout PairingMachine, url: String, deviceName: String?) async throws {
        try Self.check(machine.state)
        guard let ticket = machine.state.ticket else { throw CLIFailure(.failure, "no pairing code loaded") }
        let display = CountdownDisplay()
        let prompt = Self.announcement(ticket, url: url)
        if confirm {
            if !(await display.waitForEnter(&machine, prompt: prompt + "; press Enter to complete pairing")) {
                if machine.state.name == "expired" { throw ClientFailures.expired(ticket) }
                throw CLIFailure(
                    .failure, "pairing cancelled: no confirmation was given",
                    hint: "run it again and press Enter when asked, or leave out --confirm")
            }
        } else if !json {
            ClientText.print([machine.secondsRemaining.map { CountdownDisplay.text($0, prompt: prompt) } ?? prompt])
        }
        let (keyPair, created) = try context.state.identity()
        let client = try context.client(url: url)
        let hostName = ProcessInfo.processInfo.hostName
        let request = try machine.submit(
            deviceName: deviceName, hostName: hostName, publicKey: keyPair.publicKey.base64)
        guard let request else {
            try Self.check(machine.state)
            throw CLIFailure(.failure, "pairing stopped in state \(machine.state.name)")
        }
        let response: PairingCompleteResponse
        do {
            response = try await client.completePairing(request)
            try machine.receive(response)
        } catch let error as CompanionClientError {
            try machine.fail(Self.pairingFailure(error))
            if case .expired(let expired) = machine.state { throw ClientFailures.expired(expired) }
            throw ClientFailures.failure(for: error)
        }
        guard case .paired(let device, _) = machine.state else {
            try Self.check(machine.state)
            throw CLIFailure(.failure, "pairing stopped in state \(machine.state.name)")
        }
        _ = try PairingTrust(json: json, expectedCode: expectedVerificationCode)
            .verify(response.sidecar, device: device, ticket: ticket, deviceKey: keyPair.publicKey)
        try store(device: device, ticket: ticket, url: url, proof: response.sidecar)
        try report(
            Output(
                method: ticket.source.rawValue, sidecarURL: url, workstation: ticket.workstationName, device: device,
                identityCreated: created, identityFingerprint: keyPair.publicKey.fingerprint.description))
    }

    private func store(device: CompanionDevice, ticket: PairingTicket, url: String, proof: PairingProof?) throws {
        let record = PairingRecord(device: device, ticket: ticket, sidecarURL: url, proof: proof, now: Date())
        try context.state.saveSidecarURL(url)
        try context.state.savePairing(record)
    }

    private func report(_ output: Output) throws {
        if json { return try Terminal.printJSON(output) }
        let with = output.workstation.map { "workstation '\(Terminal.safe($0))'" } ?? "the sidecar"
        var lines = ["Paired with \(with) at \(Terminal.safe(output.sidecarURL))."]
        lines.append(
            "This device: \(Terminal.safe(output.device.name)), id \(Terminal.safe(output.device.id))"
        )
        if let connectedAt = output.device.connectedAt { lines.append("Connected at: \(ClientText.time(connectedAt))") }
        lines.append("Device key:  \(output.identityFingerprint)\(output.identityCreated ? " (new)" : "")")
        ClientText.print(lines)
    }

    /// Throws the failure a failed or expired state stands for; does nothing otherwise.
    static func check(_ state: PairingState) throws {
        switch state {
        case .failed(let failure, _): throw ClientFailures.failure(for: failure)
        case .expired(let ticket): throw ClientFailures.expired(ticket)
        default: return
        }
    }

    /// "Pairing with 'ws' at URL using code •••••6".
    static func announcement(_ ticket: PairingTicket, url: String) -> String {
        let with = ticket.workstationName.map { "'\(Terminal.safe($0))'" } ?? "the sidecar"
        return "Pairing with \(with) at \(Terminal.safe(url)) using code \(PairingCode.redacted(ticket.code))"
    }

    /// The pairing-level view of a client error, for the state machine.
    static func pairingFailure(_ error: CompanionClientError) -> PairingFailure {
        switch error {
        case .network: .unreachable(error.description)
        case .server(_, let code, let message): .rejected(code: code, message: message)
        case .validation(let failure): .rejected(code: nil, message: failure.description)
        case .malformedResponse: .malformedResponse(error.description)
        }
    }
}
