import CompanionAPI
import CompanionCrypto
import Foundation
import Logging

/// Runs the pairing rules: one active pairing at a time, single use, bounded lifetime, attempt limit.
///
/// An actor, so checks and state changes of concurrent requests never interleave: of several completes with
/// the right code exactly one wins (the pairing is marked `completing` before the registry write is awaited),
/// the others get 410 `pairing_used`. The clock is injected so tests can expire codes without waiting.
package actor PairingManager {
    package let policy: PairingPolicy
    let registry: Registry
    let now: @Sendable () -> Date
    let logger: Logger
    var active: ActivePairing?
    private var serial: UInt64 = 0
    private var baseURL: String
    private let hostName: String
    let identity: Ed25519KeyPair?
    /// The pin of the TLS key served, put in `qrPayload` when the base URL is `https`.
    private(set) var tlsPin: TLSPin?
    /// The SHA-256 of the leaf certificate served (DER), which the v2 exchange binds when the companion sends its own.
    private(set) var tlsCertificateDigest: [UInt8]?
    /// The last completed pairing, for the workstation's own display (verification code).
    private var lastCompletion: PairingCompletion?

    package init(
        policy: PairingPolicy, registry: Registry, baseURL: String, hostName: String,
        identity: Ed25519KeyPair? = nil, tlsPin: TLSPin? = nil, tlsCertificate: [UInt8]? = nil,
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "companion.sidecar.pairing")
    ) {
        self.policy = policy
        self.registry = registry
        self.baseURL = baseURL
        self.hostName = hostName
        self.identity = identity
        self.tlsPin = tlsPin
        self.tlsCertificateDigest = tlsCertificate.map(PairingProtocolV2.certificateDigest(der:))
        self.now = now
        self.logger = logger
    }

    /// Sets the base URL put in `qrPayload` (known only once the server has bound its port).
    package func setBaseURL(_ url: String) { baseURL = url }

    /// The base URL put in `qrPayload`.
    package var currentBaseURL: String { baseURL }

    /// Sets the TLS pin put in `qrPayload` and the certificate (DER) the v2 exchange binds: a reload of the user's
    /// files or a rotation's switch changes them.
    package func setTLS(pin: TLSPin?, certificate: [UInt8]?) {
        tlsPin = pin
        tlsCertificateDigest = certificate.map(PairingProtocolV2.certificateDigest(der:))
    }

    /// The pin put in `qrPayload`: the TLS key's when the base URL is `https`, else none.
    var payloadTLSPin: TLSPin? { baseURL.lowercased().hasPrefix("https://") ? tlsPin : nil }

    /// Starts a pairing, replacing any previous one. The caller has checked that the peer is loopback.
    package func start(ttlSeconds: Int?, scopes: Set<DeviceScope>? = nil, peer: String?) async throws
        -> PairingStartResponse
    {
        let ttl = policy.effectiveTTL(requested: ttlSeconds)
        let expiresAt = Timestamp.truncated(now().addingTimeInterval(TimeInterval(ttl)))
        serial += 1
        var pairing = ActivePairing.generate(serial: serial, expiresAt: expiresAt)
        if let scopes, !scopes.isEmpty { pairing.scopes = scopes }
        active = pairing
        let payload = QRPayload(
            url: baseURL, name: hostName, code: pairing.code, token: pairing.token, expiresAt: expiresAt,
            fingerprint: identity?.publicKey.fingerprint.description,
            pairingVersion: identity == nil ? nil : PairingProtocolV2.version, tlsPin: payloadTLSPin
        ).withAppLink()
        let response = PairingStartResponse(
            code: pairing.code, expiresAt: expiresAt, qrPayload: try payload.jsonString())
        try await registry.audit(
            AuditEntry(
                at: now(), event: .pairingStarted, peer: peer,
                detail: "ttl=\(ttl)s scopes=\(DeviceScope.text(pairing.scopes))"))
        logger.debug(
            "pairing started", metadata: ["ttl": "\(ttl)", "expiresAt": "\(Timestamp.string(from: expiresAt))"])
        return response
    }

    /// Completes the active pairing. Input format (code, name, key) must already be validated.
    package func complete(
        code: String, token: String?, name: String, publicKey: String, peer: String?
    ) async throws -> PairingCompleteResponse {
        guard var pairing = active else {
            throw SidecarError(.noActivePairing, "no pairing is in progress; start one on the workstation")
        }
        switch pairing.state {
        case .used, .completing: throw SidecarError(.pairingUsed, "this pairing code was already used")
        case .burned: throw burnedError
        case .open: break
        }
        guard now() < pairing.expiresAt else {
            throw SidecarError(.pairingExpired, "the pairing code has expired; start a new pairing")
        }
        let result = pairing.check(code: code, token: token)
        guard result == .match else {
            pairing.failedAttempts += 1
            let burned = pairing.failedAttempts >= policy.maxFailedAttempts
            if burned { pairing.state = .burned }
            active = pairing
            let reason = result == .wrongCode ? "wrong_code" : "wrong_token"
            try await registry.audit(
                AuditEntry(
                    at: now(), event: burned ? .pairingBurned : .pairingFailed, peer: peer,
                    detail: "\(reason), attempt \(pairing.failedAttempts) of \(policy.maxFailedAttempts)"))
            if burned { throw burnedError }
            let left = policy.maxFailedAttempts - pairing.failedAttempts
            let attempts = left == 1 ? "1 attempt left" : "\(left) attempts left"
            if result == .wrongCode { throw SidecarError(.wrongCode, "wrong pairing code (\(attempts))") }
            throw SidecarError(.wrongToken, "the pairing token does not match (\(attempts))")
        }
        return try await register(pairing, name: name, publicKey: publicKey, peer: peer)
    }

    /// Registers the device of a pairing whose secret was proven (v1 code or v2 confirmation) and answers with
    /// the signed proof. The pairing is `completing` meanwhile, `used` after, `open` again if the write fails.
    func register(_ pairing: ActivePairing, name: String, publicKey: String, peer: String?) async throws
        -> PairingCompleteResponse
    {
        var pairing = pairing
        pairing.state = .completing
        pairing.exchange = nil
        active = pairing
        do {
            let registration = try await registry.registerPairing(
                name: name, publicKey: publicKey, scopes: pairing.scopes, at: now(), peer: peer)
            mark(serial: pairing.serial, as: .used)
            logger.debug(
                "device paired",
                metadata: ["device": "\(registration.device.id)", "repaired": "\(registration.updatedExisting)"])
            let status = registration.status
            let proof = identity.map {
                PairingProof.make(keyPair: $0, deviceID: registration.device.id, devicePublicKey: publicKey)
            }
            lastCompletion = PairingCompletion(
                serial: pairing.serial, device: registration.device, sidecarKey: identity?.publicKey)
            return PairingCompleteResponse(
                connected: status.connected, connectedDevice: status.connectedDevice, sidecar: proof)
        } catch {
            mark(serial: pairing.serial, as: .open)
            throw error
        }
    }

    /// Cancels the open pairing whose token is `token` (compared in constant time), so its code stops working at
    /// once. Returns false, changing nothing, when no open pairing has this token (it was used, burned, expired or
    /// replaced). The caller has checked that the peer is loopback.
    package func cancel(token: String, peer: String?) async throws -> Bool {
        guard let pairing = active, pairing.state == .open, now() < pairing.expiresAt,
            ConstantTime.equals(Array(token.utf8), Array(pairing.token.utf8))
        else { return false }
        active = nil
        try await registry.audit(AuditEntry(at: now(), event: .pairingCancelled, peer: peer))
        return true
    }

    /// The most recent completed pairing, if any (the workstation shows its verification code).
    package var lastCompleted: PairingCompletion? { lastCompletion }

    var burnedError: SidecarError {
        SidecarError(.pairingBurned, "too many wrong attempts; this pairing is burned, start a new one")
    }

    private func mark(serial: UInt64, as state: ActivePairing.State) {
        guard var pairing = active, pairing.serial == serial else { return }
        pairing.state = state
        active = pairing
    }
}
