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
        try checkDiscoveryAgainstPin(url: url, options: options)
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
                "refusing to pair over v1 (the code would cross the network): \(known), but now "
                    + (offered >= 2 ? "v1 was asked for" : "it offers only v\(offered)"),
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
        if (ticket.pairingVersion ?? 1) >= PairingProtocolV2.version {
            return "its QR code says this sidecar speaks pairing v2"
        }
        if options.discoveryRecordIncomplete {
            return "its discovery record has no valid pairing version or fingerprint, so only pairing v2 (which "
                + "proves the sidecar knows the code) is used"
        }
        if options.expectsVersion2 { return "its discovery record says this sidecar speaks pairing v2" }
        if let record = try? store.pairing(), (record.pairingVersion ?? 1) >= PairingProtocolV2.version,
            record.sidecarURL == url || Self.pins(record, ticket: ticket, options: options)
        {
            return "this device paired with this sidecar over v2"
        }
        return nil
    }

    /// The stored v2 pairing the sidecar at `url` must match, if any: the one at this URL, or the one whose key
    /// the QR code, ``PairingOptions/expectedFingerprint`` or a discovery record's short fingerprint names (a
    /// pinned sidecar found under another address is recognised by its key).
    func pinnedVersion2(url: String, ticket: PairingTicket, options: PairingOptions) -> PairingRecord? {
        guard let record = try? store.pairing(), (record.pairingVersion ?? 1) >= PairingProtocolV2.version,
            record.sidecarFingerprint.flatMap(Fingerprint.init(parsing:)) != nil
        else { return nil }
        return record.sidecarURL == url || Self.pins(record, ticket: ticket, options: options) ? record : nil
    }

    /// True when `record`'s pinned key is the one the QR code, the expected fingerprint or the discovery record
    /// names.
    private static func pins(_ record: PairingRecord, ticket: PairingTicket, options: PairingOptions) -> Bool {
        guard let pinned = record.sidecarFingerprint.flatMap(Fingerprint.init(parsing:)) else { return false }
        for named in [ticket.fingerprint, options.expectedFingerprint].compactMap({ $0 }) {
            if let fingerprint = Fingerprint(parsing: named), fingerprint.matches(pinned) { return true }
        }
        if let short = options.expectedShortFingerprint {
            return shortHex(pinned).caseInsensitiveCompare(short) == .orderedSame
        }
        return false
    }

    /// The first 64 bits of a fingerprint as 16 hex digits, the form of a discovery record's `fp`.
    static func shortHex(_ fingerprint: Fingerprint) -> String {
        fingerprint.short.replacingOccurrences(of: " ", with: "")
    }

    /// Refuses, before anything is sent, a discovery record that announces another key than the one this device
    /// pinned at the same address over v2.
    func checkDiscoveryAgainstPin(url: String, options: PairingOptions) throws(CompanionError) {
        guard let announced = options.expectedShortFingerprint, let record = try? store.pairing(),
            (record.pairingVersion ?? 1) >= PairingProtocolV2.version, record.sidecarURL == url,
            let pinned = record.sidecarFingerprint.flatMap(Fingerprint.init(parsing:)),
            Self.shortHex(pinned).caseInsensitiveCompare(announced) != .orderedSame
        else { return }
        throw SidecarTrust.refusal(
            "the discovery record for \(url) announces the key \(announced.prefix(16)), but this device paired with "
                + "the workstation there over v2 with the key \(Self.shortHex(pinned))")
    }

    /// Pairs over v2 (``PairingV2Run``), checks the sidecar's signed proof with the key the exchange proved, and
    /// stores the pairing.
    func pairV2(
        _ request: PairingCompleteRequest, machine: PairingMachine, client: CompanionAPIClient, url: String,
        keyPair: Ed25519KeyPair, created: Bool, options: PairingOptions
    ) async throws(CompanionError) -> PairingOutcome {
        var machine = machine
        let ticket = machine.state.ticket ?? PairingTicket(source: .manual, code: request.pairingCode)
        // The key the sidecar must prove: the QR code's (scanned from the workstation's screen, so it wins), the
        // caller's, else the one this device pinned when it paired with this sidecar over v2.
        let expected: (fingerprint: String, source: String)? =
            if let scanned = ticket.fingerprint {
                (scanned, "in the QR code")
            } else if let given = options.expectedFingerprint {
                (given, "that was expected")
            } else if let pinned = pinnedVersion2(url: url, ticket: ticket, options: options)?.sidecarFingerprint {
                (pinned, "this device pinned when it paired with it over v2")
            } else {
                nil
            }
        let result = try await PairingV2Run(
            client: client, keyPair: keyPair, code: request.pairingCode, deviceName: request.deviceName,
            expectedFingerprint: expected?.fingerprint, expectedFingerprintSource: expected?.source ?? "expected",
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
        record.tlsPins = client.transport.tls.pins.isEmpty ? result.tlsPin.map { [$0] } : client.transport.tls.pins
        record = Self.rememberingCertificate(of: client, in: record) ?? record
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
