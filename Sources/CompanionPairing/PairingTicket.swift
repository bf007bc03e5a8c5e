import CompanionAPI
import Foundation

/// What the companion knows before completing a pairing: from a scanned QR payload or a typed code.
public struct PairingTicket: Sendable, Equatable {
    /// How the ticket was obtained.
    public enum Source: String, Sendable, Equatable {
        case qr
        case manual
    }

    public var source: Source
    /// The 6-digit code (never shown in full; see ``PairingCode/redacted(_:)``).
    public var code: String
    /// The single-use token from the QR payload; nil on the manual path.
    public var token: String?
    /// The sidecar's base URL from the payload, or the one given for a manual code.
    public var sidecarURL: String?
    /// The workstation's name from the payload, to show whom the person is pairing with.
    public var workstationName: String?
    /// The sidecar identity fingerprint from the payload, when present.
    public var fingerprint: String?
    /// When the code expires; unknown on the manual path.
    public var expiresAt: Date?
    /// The highest pairing exchange the sidecar announced in its QR code (2: CPace); nil when not announced.
    public var pairingVersion: Int?
    /// The pin of the sidecar's TLS key from the QR code (``TLSPin``), when it serves HTTPS; nil otherwise.
    public var tlsPin: TLSPin?

    public init(
        source: Source, code: String, token: String? = nil, sidecarURL: String? = nil,
        workstationName: String? = nil, fingerprint: String? = nil, expiresAt: Date? = nil
    ) {
        self.source = source
        self.code = code
        self.token = token
        self.sidecarURL = sidecarURL
        self.workstationName = workstationName
        self.fingerprint = fingerprint
        self.expiresAt = expiresAt
    }

    /// A ticket from a parsed QR payload.
    public init(payload: QRPayload) {
        self.init(
            source: .qr, code: payload.code, token: payload.token, sidecarURL: payload.url,
            workstationName: payload.name, fingerprint: payload.fingerprint, expiresAt: payload.expiresAt)
        pairingVersion = payload.pairingVersion
        tlsPin = payload.tlsPin
    }

    /// Whole seconds left until expiry at `now` (rounded up, never negative); nil when the expiry is unknown.
    public func secondsRemaining(at now: Date) -> Int? {
        guard let expiresAt else { return nil }
        return max(0, Int(expiresAt.timeIntervalSince(now).rounded(.up)))
    }

    /// True when the expiry is known and has passed at `now`.
    public func isExpired(at now: Date) -> Bool {
        guard let expiresAt else { return false }
        return now >= expiresAt
    }
}
