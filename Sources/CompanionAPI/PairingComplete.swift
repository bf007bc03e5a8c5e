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

/// Body of a `POST /companion/pairing/complete` answer: the brief's status shape, plus `sidecar`,
/// the sidecar's signed ``PairingProof`` (an addition; absent from sidecars without an identity).
///
/// A body with `connected: false` is not a successful pairing, whatever the HTTP status.
public struct PairingCompleteResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    public var connected: Bool
    public var connectedDevice: CompanionDevice?
    public var sidecar: PairingProof?

    public init(ok: Bool = true, connected: Bool, connectedDevice: CompanionDevice?, sidecar: PairingProof? = nil) {
        self.ok = ok
        self.connected = connected
        self.connectedDevice = connectedDevice
        self.sidecar = sidecar
    }

    private enum CodingKeys: String, CodingKey { case ok, connected, connectedDevice, sidecar }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ok, forKey: .ok)
        try container.encode(connected, forKey: .connected)
        try container.encode(connectedDevice, forKey: .connectedDevice)
        try container.encodeIfPresent(sidecar, forKey: .sidecar)
    }
}
