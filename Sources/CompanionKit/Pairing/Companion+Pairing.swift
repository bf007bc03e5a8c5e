import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionPairing
import Foundation

extension Companion {
    /// Pairs this device with the sidecar at `url` using `invitation`, verifies the sidecar's identity, and
    /// stores the pairing and the URL in the vault.
    ///
    /// The device identity key is created on first use. Before anything is sent, ``PairingOptions/confirmBeforeSending``
    /// is asked (when set); the manual path then checks the verification code through
    /// ``PairingOptions/verification``. Nothing is stored unless the sidecar is trusted.
    public func pair(_ invitation: PairingInvitation, at url: String, options: PairingOptions)
        async throws(CompanionError) -> PairingOutcome
    {
        var machine = invitation.machine
        let ticket = invitation.ticket
        let url = try Self.normalizedURL(url)
        if let confirm = options.confirmBeforeSending {
            let confirmed = await confirm(PairingPrompt(ticket: ticket, sidecarURL: url))
            machine.tick()
            if case .expired(let expired) = machine.state { throw CompanionError.expired(expired) }
            guard confirmed else {
                throw CompanionError(
                    .failure, "pairing cancelled: no confirmation was given",
                    hint: "run it again and press Enter when asked, or leave out --confirm")
            }
        }
        let (keyPair, created) = try store.identity()
        let client = try client(
            url: url, signer: nil,
            tls: Self.pairingTLSPolicy(url: url, ticket: ticket, announced: options.expectedTLSPin, store: store))
        let request = try Self.transitioned { () throws(PairingTransitionError) in
            try machine.submit(
                deviceName: options.deviceName, hostName: options.hostName, publicKey: keyPair.publicKey.base64)
        }
        guard let request else {
            try PairingInvitation.check(machine.state)
            throw CompanionError(.failure, "pairing stopped in state \(machine.state.name)")
        }
        let unvouched = client.transport.tls.trustOnFirstUse
        // v1 asked for over a key nothing vouches for: refused before even the version probe reaches that key.
        if options.pairingVersion == .v1, unvouched { throw Self.unvouchedVersion1(url) }
        let version = try await negotiatedVersion(client: client, url: url, ticket: ticket, options: options)
        if version < PairingProtocolV2.version, unvouched { throw Self.unvouchedVersion1(url) }
        // v1 binds nothing: over HTTPS only the sidecar's own self-signed certificate, which alone is the real
        // connection's trust root. A CA-issued one (even with the pinned key) is verified with the trust store.
        if version < PairingProtocolV2.version, url.hasPrefix("https://"),
            client.transport.selfSignedCertificate(pinnedBy: client.transport.tls.pins) == nil
        {
            throw Self.issuedVersion1(url)
        }
        if version >= PairingProtocolV2.version {
            return try await pairV2(
                request, machine: machine, client: client, url: url, keyPair: keyPair, created: created,
                options: options)
        }
        let response: PairingCompleteResponse
        do {
            response = try await client.completePairing(request)
            try Self.transitioned { () throws(PairingTransitionError) in try machine.receive(response) }
        } catch let error as CompanionClientError {
            try Self.transitioned { () throws(PairingTransitionError) in try machine.fail(Self.pairingFailure(error)) }
            if error.serverCode == APIErrorCode.noActivePairing.rawValue { throw CompanionError.noActivePairing }
            if case .expired(let expired) = machine.state { throw CompanionError.expired(expired) }
            throw CompanionError.from(error)
        } catch {
            throw CompanionError.from(error)
        }
        guard case .paired(let device, _) = machine.state else {
            try PairingInvitation.check(machine.state)
            throw CompanionError(.failure, "pairing stopped in state \(machine.state.name)")
        }
        if let announced = options.expectedShortFingerprint {
            // Found by discovery: the key the sidecar's proof names must have the announced fingerprint, checked
            // before anything is asked of the person or stored.
            let proven = response.sidecar?.verify(deviceID: device.id, devicePublicKey: keyPair.publicKey.base64)
            guard let proven, Self.shortHex(proven.fingerprint).caseInsensitiveCompare(announced) == .orderedSame
            else {
                throw SidecarTrust.refusal(
                    "the sidecar that answered is not the one discovery announced (its key is "
                        + "\(proven.map { Self.shortHex($0.fingerprint) } ?? "unproven"), the announcement says "
                        + "\(announced.prefix(16)))")
            }
        }
        let trust = try await SidecarTrust(verification: options.verification)
            .verify(response.sidecar, device: device, ticket: ticket, deviceKey: keyPair.publicKey)
        var record = PairingRecord(
            device: device, ticket: ticket, sidecarURL: url, proof: response.sidecar, now: Date())
        record.tlsPins = client.transport.tls.pins.isEmpty ? nil : client.transport.tls.pins
        record = Self.rememberingCertificate(of: client, in: record) ?? record
        try store.saveSidecarURL(url)
        try store.savePairing(record)
        return PairingOutcome(
            method: ticket.source.rawValue, sidecarURL: url, workstationName: ticket.workstationName, device: device,
            record: record, identityCreated: created, identityFingerprint: keyPair.publicKey.fingerprint.description,
            sidecarVerification: trust.verification, pairingVersion: 1)
    }

    /// Pairing v1 refused: its code would cross a TLS connection whose key nothing vouches for.
    private static func unvouchedVersion1(_ url: String) -> CompanionError {
        CompanionError(
            .trust,
            "refusing to pair over v1 with \(url): the code would cross a TLS connection whose key nothing vouches "
                + "for (no QR code pin, no earlier pairing)",
            hint: "scan the workstation's QR code (companion pair scan), which pins its TLS key, or update the "
                + "sidecar so it offers pairing v2")
    }

    /// Pairing v1 refused: the sidecar presented a certificate a CA issued, which the connection carrying the code
    /// cannot hold to the pinned key.
    private static func issuedVersion1(_ url: String) -> CompanionError {
        CompanionError(
            .trust,
            "refusing to pair over v1 with \(url): the sidecar presented a certificate issued by a certificate "
                + "authority, and v1 cannot tell it from one issued to someone else for the same key",
            hint: "pair with v2, which binds the certificate (leave out --pairing-version 1, or update the sidecar)")
    }

    /// What a pairing's connections accept over `https://`: the QR code's TLS pin, else the one a discovery record
    /// `announced`, else the pins of an earlier pairing with this sidecar URL, else (a typed code) whatever key the
    /// sidecar presents, whose pin pairing v2 then binds into the exchange (v1 is refused then); plain HTTP needs none.
    static func pairingTLSPolicy(url: String, ticket: PairingTicket, announced: TLSPin?, store: CompanionStore)
        throws(CompanionError) -> SidecarTLSPolicy
    {
        if let pin = ticket.tlsPin ?? announced { return SidecarTLSPolicy(pins: [pin]) }
        let stored = tlsPolicy(for: url, record: try store.pairing())
        if !stored.pins.isEmpty || !url.hasPrefix("https://") { return stored }
        return SidecarTLSPolicy(trustOnFirstUse: true)
    }

    /// The pairing-level view of a client error, for the state machine.
    static func pairingFailure(_ error: CompanionClientError) -> PairingFailure {
        switch error {
        case .network: .unreachable(error.description)
        case .server(_, let code, let message): .rejected(code: code, message: message)
        case .validation(let failure): .rejected(code: nil, message: failure.description)
        case .malformedResponse: .malformedResponse(error.description)
        case .trust: .unreachable(error.description)
        }
    }

    /// Runs a state machine transition; one refused in the current state is reported, not trapped.
    private static func transitioned<T>(_ body: () throws(PairingTransitionError) -> T) throws(CompanionError) -> T {
        do { return try body() } catch { throw CompanionError(.failure, "pairing stopped: \(error)") }
    }
}
