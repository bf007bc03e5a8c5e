import CompanionAPI
import CompanionCrypto
import Foundation

/// A completed pairing as the workstation sees it: which device paired, and the verification code
/// both sides show for the manual-code path (derived from both public keys).
package struct PairingCompletion: Sendable, Equatable {
    /// Serial of the pairing that completed (one per `pairing/start`).
    package var serial: UInt64
    package var device: DeviceRecord
    /// The sidecar's identity key, when it has one.
    package var sidecarKey: Ed25519PublicKey?

    /// The verification code (`XXXX-XXXX-XXXX-XXXX-XXXX`), nil without a sidecar identity.
    package var verificationCode: String? {
        guard let sidecarKey, let deviceKey = try? Ed25519PublicKey(base64: device.publicKey) else { return nil }
        return VerificationCode.make(devicePublicKey: deviceKey, sidecarPublicKey: sidecarKey)
    }
}
