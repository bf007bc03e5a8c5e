import CompanionAPI
import CompanionCrypto
import Foundation

/// The v2 exchange (CPace, the code never on the wire; see ``PairingProtocolV2``): `offer`, `exchange`, `confirm`.
///
/// Every `exchange` is charged as a failed attempt when it is made, and refunded only when its confirmation
/// checks: a run an attacker abandons after one guess still counts, so the 5-attempt limit holds for v1 and v2
/// together.
extension PairingManager {
    /// The public facts of the active pairing for a v2 companion.
    package func offer() throws -> PairingOfferResponse {
        let identity = try requireIdentity()
        let pairing = try usablePairing(id: nil)
        return PairingOfferResponse(
            pairingId: Base64URL.encode(pairing.pairingID), sidecarPublicKey: identity.publicKey.base64,
            fingerprint: identity.publicKey.fingerprint.description, expiresAt: pairing.expiresAt,
            attemptsLeft: policy.maxFailedAttempts - pairing.failedAttempts)
    }

    /// Answers the companion's CPace message with the sidecar's, its signature and its confirmation tag.
    /// `deviceName` and `devicePublicKey` must already be validated; `share` is checked here.
    ///
    /// The attempt is charged and the state written back before the first `await`: the actor may run other
    /// requests while this one waits for the audit log, and each of them must see this attempt counted (else N
    /// parallel exchanges would get N confirmation tags, N offline-checkable guesses, for one attempt).
    ///
    /// `seenTLSPin` is the pin of the TLS key the companion's connection presented (over HTTPS): the sidecar binds its
    /// own pin into `CI` then, and refuses at once, without charging an attempt, a pin that is not its own.
    package func exchange(
        pairingID: String, deviceName: String, devicePublicKey: Ed25519PublicKey, share: [UInt8],
        seenTLSPin: TLSPin? = nil, seenTLSCertificate: [UInt8]? = nil, peer: String?
    ) async throws -> PairingExchangeResponse {
        let identity = try requireIdentity()
        var pairing = try usablePairing(id: pairingID)
        let boundPin = try boundTLSPin(seen: seenTLSPin, peer: peer)
        let boundCertificate = try boundTLSCertificate(seen: seenTLSCertificate, pin: boundPin)
        if pairing.failedAttempts >= policy.maxFailedAttempts {
            pairing.state = .burned
            active = pairing
            try await registry.audit(
                AuditEntry(
                    at: now(), event: .pairingBurned, peer: peer,
                    detail:
                        "v2 exchange refused, \(pairing.failedAttempts) of \(policy.maxFailedAttempts) attempts used"))
            throw burnedError
        }
        let ci = PairingProtocolV2.channelIdentifier(
            deviceKey: devicePublicKey, sidecarKey: identity.publicKey, tlsPin: boundPin,
            tlsCertificateDigest: boundCertificate)
        let party = CPaceParty(
            role: .responder, prs: PairingProtocolV2.passwordString(code: pairing.code), ci: ci,
            sid: pairing.pairingID)
        let adA = PairingProtocolV2.deviceAssociatedData(deviceName: deviceName)
        let signature = identity.sign(
            PairingProtocolV2.sidecarSignedBytes(
                sid: pairing.pairingID, ci: ci, shareA: share, adA: adA, shareB: party.share))
        let keys: CPaceKeys
        do { keys = try party.finish(ownAssociatedData: signature, peerShare: share, peerAssociatedData: adA) } catch {
            throw SidecarError.badRequest("share is not a valid ristretto255 element")
        }
        let replaced = pairing.exchange != nil
        pairing.failedAttempts += 1
        let exchange = PendingExchange(
            id: Base64URL.encode(SecureRandom.bytes(16)), keys: keys, deviceName: deviceName,
            devicePublicKey: devicePublicKey.base64)
        pairing.exchange = exchange
        active = pairing
        // Only now, with the attempt counted, may the actor run anything else.
        try await registry.audit(
            AuditEntry(
                at: now(), event: .pairingExchange, peer: peer,
                detail: "v2 exchange, attempt \(pairing.failedAttempts) of \(policy.maxFailedAttempts)"
                    + (replaced ? " (an earlier exchange was abandoned)" : "")))
        return PairingExchangeResponse(
            exchangeId: exchange.id, share: Base64URL.encode(party.share),
            sidecarSignature: Base64URL.encode(signature), confirmation: Base64URL.encode(keys.confirmation))
    }

    /// Checks the companion's confirmation tag; registers the device when it holds.
    package func confirm(pairingID: String, exchangeID: String, confirmation: [UInt8], peer: String?) async throws
        -> PairingCompleteResponse
    {
        var pairing = try usablePairing(id: pairingID)
        guard let exchange = pairing.exchange, exchange.id == exchangeID else {
            throw SidecarError(
                .noActivePairing, "no key exchange with this id is waiting; run the exchange again")
        }
        pairing.exchange = nil
        do { try exchange.keys.verify(peerConfirmation: confirmation) } catch {
            let burned = pairing.failedAttempts >= policy.maxFailedAttempts
            if burned { pairing.state = .burned }
            active = pairing
            try await registry.audit(
                AuditEntry(
                    at: now(), event: burned ? .pairingBurned : .pairingFailed, peer: peer,
                    detail: "v2 confirmation failed, attempt \(pairing.failedAttempts) of \(policy.maxFailedAttempts)"))
            if burned { throw burnedError }
            let left = policy.maxFailedAttempts - pairing.failedAttempts
            let attempts = left == 1 ? "1 attempt left" : "\(left) attempts left"
            throw SidecarError(
                .wrongCode, "key confirmation failed: the code was wrong or the messages were altered (\(attempts))")
        }
        pairing.failedAttempts -= 1
        return try await register(
            pairing, name: exchange.deviceName, publicKey: exchange.devicePublicKey, peer: peer)
    }

    /// The active pairing if it can still be completed (and, with `id`, is the one named).
    private func usablePairing(id: String?) throws -> ActivePairing {
        guard let pairing = active else {
            throw SidecarError(.noActivePairing, "no pairing is in progress; start one on the workstation")
        }
        if let id {
            guard let bytes = Base64URL.decode(id), ConstantTime.equals(bytes, pairing.pairingID) else {
                throw SidecarError(
                    .noActivePairing, "this pairing id is not the active pairing (was a new one started?)")
            }
        }
        switch pairing.state {
        case .used, .completing: throw SidecarError(.pairingUsed, "this pairing code was already used")
        case .burned: throw burnedError
        case .open: break
        }
        guard now() < pairing.expiresAt else {
            throw SidecarError(.pairingExpired, "the pairing code has expired; start a new pairing")
        }
        return pairing
    }

    private func requireIdentity() throws -> Ed25519KeyPair {
        guard let identity else {
            throw SidecarError.notFound("this sidecar has no identity key, so it offers only v1 pairing")
        }
        return identity
    }

    /// The pin this sidecar binds into `CI`: its own when the companion saw one (it paired over HTTPS), none otherwise.
    /// A pin that is not its own means something between them presented another certificate.
    func boundTLSPin(seen: TLSPin?, peer: String?) throws -> TLSPin? {
        guard let seen else { return nil }
        guard let own = tlsPin, own.matches(seen) else {
            throw SidecarError(
                .tlsKeyMismatch,
                "the TLS key the companion saw (\(seen)) is not this sidecar's "
                    + "(\(tlsPin?.description ?? "it serves no TLS key")): something between them presented another "
                    + "certificate; no attempt was charged")
        }
        return own
    }

    /// The certificate digest this sidecar binds into `CI`: its own served certificate's when the companion sent
    /// the digest of the one it saw. Another certificate with this sidecar's key (issued by someone else) means
    /// something between them presented it.
    func boundTLSCertificate(seen: [UInt8]?, pin: TLSPin?) throws -> [UInt8]? {
        guard let seen else { return nil }
        guard pin != nil, let own = tlsCertificateDigest, ConstantTime.equals(own, seen) else {
            throw SidecarError(
                .tlsKeyMismatch,
                "the TLS certificate the companion saw is not the one this sidecar serves now, though it carries "
                    + "this sidecar's key: something between them presented a certificate issued by someone else, or "
                    + "the sidecar's certificate was just replaced (try again); no attempt was charged")
        }
        return own
    }
}
