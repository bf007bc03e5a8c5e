import Foundation

/// A pairing the sidecar completed, as the workstation shows it: the device and the verification code the
/// person compares with the companion's (manual-code path).
public struct CompletedPairing: Codable, Sendable, Equatable {
    public var deviceId: String
    public var deviceName: String
    public var pairedAt: Date
    /// Absent (the key is left out) when the sidecar has no identity key: no code can be derived.
    public var verificationCode: String?

    public init(deviceId: String, deviceName: String, pairedAt: Date, verificationCode: String?) {
        self.deviceId = deviceId
        self.deviceName = deviceName
        self.pairedAt = pairedAt
        self.verificationCode = verificationCode
    }
}

/// Body of `GET /companion/pairing/last` (loopback only); `pairing` is null until a device has paired since
/// the sidecar started.
public struct LastPairingResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    public var pairing: CompletedPairing?

    public init(pairing: CompletedPairing?) {
        self.ok = true
        self.pairing = pairing
    }

    private enum CodingKeys: String, CodingKey { case ok, pairing }

    /// `pairing: null` is written, so the shape never changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ok, forKey: .ok)
        try container.encode(pairing, forKey: .pairing)
    }
}
