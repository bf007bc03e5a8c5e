import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionPairing
import Foundation

extension Companion {
    /// The exchange to use with the sidecar behind `client`: v2 when its `/health` offers it; v1 only for a
    /// sidecar not known to speak v2 (downgrade protection, see ``PairingVersionChoice``).
    func negotiatedVersion(client: CompanionAPIClient, url: String, ticket: PairingTicket, options: PairingOptions)
        async throws(CompanionError) -> Int
    {
        let known = knownVersion2(url: url, ticket: ticket, options: options)
        let offered: Int
        do { offered = try await client.health().protocolVersion } catch {
            // `/health` is optional in the brief: a sidecar without a usable one speaks v1 (unless known otherwise).
            switch error {
            case .server(status: 404, _, _), .malformedResponse: offered = 1
            default: throw CompanionError.from(error)
            }
        }
        if offered >= PairingProtocolV2.version, options.pairingVersion != .v1 { return PairingProtocolV2.version }
        if let known {
            throw CompanionError(
                .trust,
                "refusing to pair over v1 (the code would cross the network): this sidecar is known to speak pairing "
                    + "v2 (\(known)) but now \(offered >= 2 ? "v1 was asked for" : "offers only v\(offered)")",
                hint: "someone may be downgrading the pairing; check that the URL is the workstation's and that its "
                    + "sidecar is up to date")
        }
        if options.pairingVersion == .v2 {
            throw CompanionError(
                .server, "the sidecar offers pairing v\(offered) only, and v2 was required",
                hint: "update the sidecar, or leave out the v2 requirement")
        }
        return 1
    }

    /// Why the sidecar is known to speak v2, nil when it is not.
    private func knownVersion2(url: String, ticket: PairingTicket, options: PairingOptions) -> String? {
        if (ticket.pairingVersion ?? 1) >= PairingProtocolV2.version { return "its QR code says so" }
        if options.expectsVersion2 { return "its discovery record says so" }
        if let record = try? store.pairing(), (record.pairingVersion ?? 1) >= PairingProtocolV2.version,
            record.sidecarURL == url
                || (record.sidecarFingerprint != nil
                    && [ticket.fingerprint, options.expectedFingerprint].contains(record.sidecarFingerprint))
        {
            return "this device paired with it over v2"
        }
        return nil
    }

    /// Pairs over v2 (``PairingV2Run``), checks the sidecar's signed proof with the key the exchange proved, and
    /// stores the pairing.
    func pairV2(
        _ request: PairingCompleteRequest, machine: PairingMachine, client: CompanionAPIClient, url: String,
        keyPair: Ed25519KeyPair, created: Bool, options: PairingOptions
    ) async throws(CompanionError) -> PairingOutcome {
        var machine = machine
        let ticket = machine.state.ticket ?? PairingTicket(source: .manual, code: request.pairingCode)
        let result = try await PairingV2Run(
            client: client, keyPair: keyPair, code: request.pairingCode, deviceName: request.deviceName,
            expectedFingerprint: ticket.fingerprint ?? options.expectedFingerprint,
            expectedShortFingerprint: options.expectedShortFingerprint
        ).run()
        do { try machine.receive(result.response) } catch {
            throw CompanionError(.failure, "pairing stopped: \(error)")
        }
        guard case .paired(let device, _) = machine.state else {
            try PairingInvitation.check(machine.state)
            throw CompanionError(.failure, "pairing stopped in state \(machine.state.name)")
        }
        guard let proof = result.response.sidecar,
            let proven = proof.verify(deviceID: device.id, devicePublicKey: keyPair.publicKey.base64),
            proven == result.sidecarKey
        else {
            throw SidecarTrust.refusal("the sidecar's pairing proof does not name the key that confirmed the code")
        }
        let fingerprint = result.sidecarKey.fingerprint.description
        var record = PairingRecord(device: device, ticket: ticket, sidecarURL: url, proof: proof, now: Date())
        record.pairingVersion = PairingProtocolV2.version
        try store.saveSidecarURL(url)
        try store.savePairing(record)
        return PairingOutcome(
            method: ticket.source.rawValue, sidecarURL: url, workstationName: ticket.workstationName, device: device,
            record: record, identityCreated: created, identityFingerprint: keyPair.publicKey.fingerprint.description,
            sidecarVerification: ticket.fingerprint != nil
                ? .pinnedByQRCode(fingerprint: fingerprint) : .codeExchange(fingerprint: fingerprint),
            pairingVersion: PairingProtocolV2.version)
    }
}
