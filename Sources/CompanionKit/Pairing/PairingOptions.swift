import CompanionAPI
import CompanionPairing
import Foundation

/// How the manual path checks the sidecar's identity: both sides show a verification code derived from both
/// keys, and someone must say they match.
public enum VerificationCheck: Sendable {
    /// The code the workstation shows, given in advance (scripts); compared without regard to case or spacing.
    case expected(String)
    /// Ask the person: the closure shows the code and returns true only if they confirm it matches.
    case ask(@Sendable (_ code: String) async -> Bool)
}

/// Which pairing exchange to use.
public enum PairingVersionChoice: Sendable, Equatable {
    /// v2 (CPace) when the sidecar's `/health` offers it, else v1, except that a sidecar known to speak v2
    /// (its QR code says so, it was pinned over v2, or ``PairingOptions/expectedFingerprint`` came from a v2
    /// discovery record) is never paired over v1: the pairing is refused as a downgrade.
    case automatic
    /// v1 only (the brief's `pairing/complete`: the code crosses the wire), for sidecars not known to speak v2.
    case v1
    /// v2 only: a sidecar without v2 is refused.
    case v2
}

/// What a pairing asks of the person, and the name this device pairs under.
public struct PairingOptions: Sendable {
    /// How the verification code is checked on the manual path (unused when a QR code pinned the sidecar).
    public var verification: VerificationCheck
    /// The device name; nil uses ``hostName``.
    public var deviceName: String?
    /// This machine's host name, the default device name.
    public var hostName: String
    /// Called before anything is sent, when set: return true to go on (e.g. when the person pressed Enter), false
    /// to cancel. A code that expires meanwhile ends the pairing as expired.
    public var confirmBeforeSending: (@Sendable (PairingPrompt) async -> Bool)?
    /// Which exchange to use; ``PairingVersionChoice/automatic`` by default.
    public var pairingVersion: PairingVersionChoice = .automatic
    /// The sidecar's fingerprint when it is known from elsewhere (a discovery record): the sidecar must prove
    /// this key, and it counts as a sidecar known to speak v2 when ``expectsVersion2`` is set.
    public var expectedFingerprint: String?
    /// Set when the source of ``expectedFingerprint`` announced pairing v2 (a DNS-SD TXT record).
    public var expectsVersion2 = false
    /// The first 64 bits of the sidecar's fingerprint in hex (16 digits), from a discovery record: the key the
    /// exchange proves must have it.
    public var expectedShortFingerprint: String?
    /// The sidecar's TLS key pin from a discovery record (DNS-SD `tlspin`): the pairing's connections accept only
    /// that key. Unauthenticated like the record, so pairing v2 still binds the key it presented into the exchange.
    public var expectedTLSPin: TLSPin?
    /// Set when the sidecar was found by a discovery record without a valid `pv` or `fp` (absent or malformed):
    /// nothing announced can be checked, so the record is untrusted and only v2 is used.
    public var discoveryRecordIncomplete = false

    public init(
        verification: VerificationCheck, deviceName: String? = nil,
        hostName: String = ProcessInfo.processInfo.hostName,
        confirmBeforeSending: (@Sendable (PairingPrompt) async -> Bool)? = nil
    ) {
        self.verification = verification
        self.deviceName = deviceName
        self.hostName = hostName
        self.confirmBeforeSending = confirmBeforeSending
    }
}

/// What a person is asked to confirm before a pairing is sent. The code itself is never in it.
public struct PairingPrompt: Sendable, Equatable {
    /// The sidecar the code will be sent to.
    public let sidecarURL: String
    /// The workstation's name from the QR code (not verified yet; escape it before printing).
    public let workstationName: String?
    /// The code with all but its last digit hidden, e.g. `•••••6`.
    public let redactedCode: String
    /// When the code expires, if known.
    public let expiresAt: Date?

    public init(ticket: PairingTicket, sidecarURL: String) {
        self.sidecarURL = sidecarURL
        self.workstationName = ticket.workstationName
        self.redactedCode = PairingCode.redacted(ticket.code)
        self.expiresAt = ticket.expiresAt
    }

    /// Whole seconds left at `now`, nil when the expiry is unknown.
    public func secondsRemaining(at now: Date = Date()) -> Int? {
        expiresAt.map { max(0, Int($0.timeIntervalSince(now).rounded(.up))) }
    }
}
