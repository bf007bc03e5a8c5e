/// Body of `POST /companion/pairing/cancel` (loopback only): the token of the pairing to cancel, which only the
/// workstation that started it knows (it is in that pairing's `qrPayload`).
public struct PairingCancelRequest: Codable, Sendable, Equatable {
    /// The pairing's token (``QRPayload/token``).
    public var pairingToken: String

    /// A cancel request for the pairing with this token.
    public init(pairingToken: String) { self.pairingToken = pairingToken }
}

/// Body of a successful `POST /companion/pairing/cancel`.
public struct PairingCancelResponse: Codable, Sendable, Equatable {
    /// Always true in an answer.
    public var ok: Bool
    /// True when that pairing was open and is now cancelled; false when it had already ended (used, expired,
    /// burned, or replaced by a newer pairing), which is left untouched.
    public var cancelled: Bool

    /// A cancel answer.
    public init(ok: Bool = true, cancelled: Bool) {
        self.ok = ok
        self.cancelled = cancelled
    }
}
