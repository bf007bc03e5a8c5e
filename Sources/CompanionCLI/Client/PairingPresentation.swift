import CompanionAPI
import CompanionDiscovery
import CompanionKit
import Foundation

/// How `pair scan` and `pair code` talk to the person: the announcement or the countdown before sending,
/// the verification-code question, then the result (text or `--json`). The pairing itself is
/// ``Companion/pair(_:at:options:)``.
struct PairingPresentation {
    let json: Bool
    /// Wait for Enter (with a live countdown) before completing.
    let confirm: Bool
    /// The verification code the workstation shows (manual path); nil asks the person to compare.
    var expectedVerificationCode: String? = nil
    /// `--yes`: accept the verification code without asking (the code is still printed).
    var acceptWithoutComparing = false
    /// `--pairing-version`.
    var pairingVersion: PairingVersionChoice = .automatic
    /// The discovery record the URL came from, whose fingerprint the sidecar must prove.
    var discovered: DiscoveryRecord? = nil

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
        var pairingVersion: Int

        private enum CodingKeys: String, CodingKey {
            case ok, paired, method, sidecarURL, workstation, device, identityCreated, identityFingerprint
            case pairingVersion
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
            try container.encode(pairingVersion, forKey: .pairingVersion)
        }
    }

    /// Pairs with `invitation` at `url` and prints the result.
    func pair(_ companion: Companion, _ invitation: PairingInvitation, url: String, deviceName: String?) async throws {
        let prompt = PairingPrompt(ticket: invitation.ticket, sidecarURL: url)
        if !confirm && !json {
            let text = Self.announcement(prompt)
            ClientText.print([prompt.secondsRemaining().map { CountdownDisplay.text($0, prompt: text) } ?? text])
        }
        var options = PairingOptions(verification: verification, deviceName: deviceName)
        options.pairingVersion = pairingVersion
        if let discovered { options = options.discovered(discovered) }
        if confirm {
            options.confirmBeforeSending = { prompt in
                let text = Self.announcement(prompt) + "; press Enter to complete pairing"
                return await CountdownDisplay().waitForEnter(prompt, text: text)
            }
        }
        let outcome = try await companion.pair(invitation, at: url, options: options)
        if outcome.sidecarVerification == .unverified {
            Terminal.printWarning(
                "this sidecar has no identity key: it cannot be verified; pair by QR code with a CompanionKit sidecar")
        }
        try report(outcome)
    }

    /// The manual path's check: the code given with `--verification-code`, else `--yes`, else a question (on the
    /// terminal, or one answer line read from standard input when it is not one).
    private var verification: VerificationCheck {
        if let expectedVerificationCode { return .expected(expectedVerificationCode) }
        if acceptWithoutComparing {
            return .ask { code in
                Terminal.printNote("verification code \(code) accepted without comparing (--yes)")
                return true
            }
        }
        return .ask { code in
            let question = "Verification code: \(code)\nDoes the workstation show the same code? [y/N] "
            writeStandardError(question)
            let answer = CommandContext.current.input.readLine(true)?.trimmingCharacters(in: .whitespaces).lowercased()
            return answer == "y" || answer == "yes"
        }
    }

    private func report(_ outcome: PairingOutcome) throws {
        let output = Output(
            method: outcome.method, sidecarURL: outcome.sidecarURL, workstation: outcome.workstationName,
            device: outcome.device, identityCreated: outcome.identityCreated,
            identityFingerprint: outcome.identityFingerprint, pairingVersion: outcome.pairingVersion)
        if json { return try OutputFormatter.printJSON(output) }
        let with = output.workstation.map { "workstation '\(Terminal.safe($0))'" } ?? "the sidecar"
        var lines = ["Paired with \(with) at \(Terminal.safe(output.sidecarURL))."]
        lines.append("This device: \(Terminal.safe(output.device.name)), id \(Terminal.safe(output.device.id))")
        if let connectedAt = output.device.connectedAt { lines.append("Connected at: \(ClientText.time(connectedAt))") }
        lines.append("Device key:  \(output.identityFingerprint)\(output.identityCreated ? " (new)" : "")")
        if output.pairingVersion >= 2 {
            lines.append("Pairing v2: the workstation proved the code without it crossing the network.")
        }
        ClientText.print(lines)
    }

    /// "Pairing with 'ws' at URL using code •••••6".
    static func announcement(_ prompt: PairingPrompt) -> String {
        let with = prompt.workstationName.map { "'\(Terminal.safe($0))'" } ?? "the sidecar"
        return "Pairing with \(with) at \(Terminal.safe(prompt.sidecarURL)) using code \(prompt.redactedCode)"
    }
}
