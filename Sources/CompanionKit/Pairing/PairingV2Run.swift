import CompanionAPI
import CompanionClient
import CompanionCrypto

/// The companion's side of the v2 exchange (`PairingProtocolV2`): offer, CPace message, the sidecar's
/// confirmation and signature checked, then its own confirmation. The code never leaves this process.
struct PairingV2Run {
    let client: CompanionAPIClient
    let keyPair: Ed25519KeyPair
    let code: String
    let deviceName: String
    /// The fingerprint the sidecar must have (from a QR code, a discovery record or a pinned pairing); checked
    /// before anything that costs an attempt is sent.
    let expectedFingerprint: String?
    /// Where ``expectedFingerprint`` comes from, for the refusal ("in the QR code", "this device pinned …").
    var expectedFingerprintSource = "in the QR code"
    /// The short fingerprint from a discovery record (16 hex digits), checked like ``expectedFingerprint``.
    var expectedShortFingerprint: String? = nil

    struct Result {
        let response: PairingCompleteResponse
        let sidecarKey: Ed25519PublicKey
        /// The TLS key pin bound into the exchange (over HTTPS), which the pairing record keeps.
        let tlsPin: TLSPin?
    }

    func run() async throws(CompanionError) -> Result {
        let offer = try await call { () async throws(CompanionClientError) in try await client.pairingOffer() }
        guard offer.protocolVersion == PairingProtocolV2.version, offer.suite == PairingProtocolV2.suite else {
            throw CompanionError(
                .server,
                "the sidecar offers pairing v\(offer.protocolVersion) with \(offer.suite.prefix(40)), "
                    + "not v2 with \(PairingProtocolV2.suite)", hint: "update the companion or the sidecar")
        }
        guard let sidecarKey = try? Ed25519PublicKey(base64: offer.sidecarPublicKey), sidecarKey.isValidPoint,
            let sid = Base64URL.decode(offer.pairingId), sid.count == PairingProtocolV2.pairingIDLength
        else { throw CompanionError(.server, "the sidecar's pairing offer is malformed (key or pairing id)") }
        if let expectedFingerprint {
            guard let expected = Fingerprint(parsing: expectedFingerprint), expected.matches(sidecarKey.fingerprint)
            else {
                let refusal = SidecarTrust.refusal(
                    "the sidecar that answered is not the one \(expectedFingerprintSource) (its key is "
                        + "\(sidecarKey.fingerprint), expected \(expectedFingerprint.prefix(60)))")
                throw CompanionError(
                    refusal.kind, refusal.message,
                    hint: "nothing was sent that uses an attempt; someone may be impersonating the workstation at this "
                        + "address. If its key really changed, pair from its QR code (companion pair scan), which "
                        + "names the new key")
            }
        }
        if let expectedShortFingerprint {
            let short = sidecarKey.fingerprint.short.replacingOccurrences(of: " ", with: "")
            guard short.caseInsensitiveCompare(expectedShortFingerprint) == .orderedSame else {
                throw SidecarTrust.refusal(
                    "the sidecar that answered is not the one discovery announced (its key is \(short), the "
                        + "announcement says \(expectedShortFingerprint.prefix(16)))")
            }
        }
        // Over HTTPS, the pin of the key this connection presented (the offer came over it) and the digest of the
        // whole certificate are bound into CI.
        let tlsPin = try boundTLSPin()
        let certificate = try boundTLSCertificate(pin: tlsPin)
        let ci = PairingProtocolV2.channelIdentifier(
            deviceKey: keyPair.publicKey, sidecarKey: sidecarKey, tlsPin: tlsPin, tlsCertificateDigest: certificate)
        let party = CPaceParty(
            role: .initiator, prs: PairingProtocolV2.passwordString(code: code), ci: ci, sid: sid)
        let adA = PairingProtocolV2.deviceAssociatedData(deviceName: deviceName)
        let request = PairingExchangeRequest(
            pairingId: offer.pairingId, deviceName: deviceName, devicePublicKey: keyPair.publicKey.base64,
            share: Base64URL.encode(party.share), tlsPin: tlsPin, tlsCertificate: certificate.map(Base64URL.encode))
        let answer = try await call { () async throws(CompanionClientError) in
            try await client.pairingExchange(request)
        }
        guard let shareB = Base64URL.decode(answer.share), let signature = Base64URL.decode(answer.sidecarSignature),
            let tag = Base64URL.decode(answer.confirmation)
        else { throw CompanionError(.server, "the sidecar's key exchange answer is malformed") }
        let keys: CPaceKeys
        do {
            keys = try party.finish(ownAssociatedData: adA, peerShare: shareB, peerAssociatedData: signature)
            try keys.verify(peerConfirmation: tag)
        } catch {
            throw CompanionError(
                .pairing,
                "the workstation did not prove it knows this code: the code is wrong, or something "
                    + "between this device and the workstation altered the exchange"
                    + (tlsPin == nil
                        ? ""
                        : " (such as a TLS interceptor presenting a certificate of its own, or a sidecar older than "
                            + "this companion, which binds the TLS key but not the whole certificate: update it)"),
                hint:
                    "check the code on the workstation's screen and try again (\(Self.attempts(offer.attemptsLeft - 1)) "
                    + "left on this pairing)")
        }
        let signed = PairingProtocolV2.sidecarSignedBytes(
            sid: sid, ci: ci, shareA: party.share, adA: adA, shareB: shareB)
        guard sidecarKey.verify(signature: signature, message: signed) else {
            throw SidecarTrust.refusal("the sidecar's signature over the key exchange does not verify")
        }
        let confirm = PairingConfirmRequest(
            pairingId: offer.pairingId, exchangeId: answer.exchangeId, confirmation: Base64URL.encode(keys.confirmation)
        )
        let response = try await call { () async throws(CompanionClientError) in
            try await client.pairingConfirm(confirm)
        }
        guard try boundTLSPin() == tlsPin, try boundTLSCertificate(pin: tlsPin) == certificate else {
            throw SidecarTrust.refusal("the sidecar's TLS certificate changed during the exchange")
        }
        return Result(response: response, sidecarKey: sidecarKey, tlsPin: tlsPin)
    }

    /// The pin of the TLS key the sidecar's connection presented: nil over plain HTTP.
    private func boundTLSPin() throws(CompanionError) -> TLSPin? {
        guard client.baseURL.scheme == "https" else { return nil }
        guard let pin = client.transport.presentedTLSPin else {
            throw CompanionError(
                .trust, "the TLS key the sidecar presented is unknown, so it cannot be bound into the pairing",
                hint: "pair from the workstation's QR code (companion pair scan)")
        }
        return pin
    }

    /// The SHA-256 of the certificate the sidecar's connection presented: nil over plain HTTP. A pinned key in a
    /// certificate someone else issued then fails the exchange: the sidecar binds the certificate it serves.
    private func boundTLSCertificate(pin: TLSPin?) throws(CompanionError) -> [UInt8]? {
        guard pin != nil else { return nil }
        guard let der = client.transport.presentedTLSCertificate else {
            throw CompanionError(
                .trust, "the TLS certificate the sidecar presented is unknown, so it cannot be bound into the pairing",
                hint: "pair from the workstation's QR code (companion pair scan)")
        }
        return PairingProtocolV2.certificateDigest(der: der)
    }

    /// "1 attempt", "3 attempts" (never below 0).
    static func attempts(_ count: Int) -> String {
        let count = max(0, count)
        return count == 1 ? "1 attempt" : "\(count) attempts"
    }

    private func call<T>(_ body: () async throws(CompanionClientError) -> T) async throws(CompanionError) -> T {
        do { return try await body() } catch {
            // The same words as v1 for "nothing to pair with" (no pairing started, cancelled or used).
            if error.serverCode == APIErrorCode.noActivePairing.rawValue { throw CompanionError.noActivePairing }
            throw CompanionError.from(error)
        }
    }
}
