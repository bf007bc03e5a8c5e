/// Body of `POST /companion/pairing/complete`.
public struct PairingCompleteRequest: Codable, Sendable, Equatable {
    /// The 6-digit code (`^[0-9]{6}$`).
    public var pairingCode: String
    /// The token from the QR payload; absent on the manual-code path.
    public var pairingToken: String?
    /// Name shown on the workstation; defaults to the companion's host name.
    public var deviceName: String
    /// The companion's Ed25519 public key, base64 (32 bytes). Never the private key.
    public var devicePublicKey: String

    public init(pairingCode: String, pairingToken: String?, deviceName: String, devicePublicKey: String) {
        self.pairingCode = pairingCode
        self.pairingToken = pairingToken
        self.deviceName = deviceName
        self.devicePublicKey = devicePublicKey
    }
}

/// Body of a `POST /companion/pairing/complete` answer: the status shape of the brief.
///
/// A body with `connected: false` is not a successful pairing, whatever the HTTP status.
public typealias PairingCompleteResponse = CompanionStatusResponse
