import CompanionAPI
import CompanionPairing

/// A completed, verified and stored pairing.
public struct PairingOutcome: Sendable, Equatable {
    /// How the code was obtained: `qr` or `manual`.
    public let method: String
    /// The sidecar this device is now paired with.
    public let sidecarURL: String
    /// The workstation's name from the QR code, if it had one.
    public let workstationName: String?
    /// This device as the sidecar registered it.
    public let device: CompanionDevice
    /// The record now stored in the vault.
    public let record: PairingRecord
    /// True when this pairing created the device's identity key.
    public let identityCreated: Bool
    /// `SHA256:…` of this device's public key.
    public let identityFingerprint: String
    /// How the sidecar's identity was established.
    public let sidecarVerification: SidecarVerification
    /// The pairing exchange used: 1 (the code crossed the wire) or 2 (CPace, the code never did).
    public let pairingVersion: Int
}
