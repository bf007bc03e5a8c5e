import CompanionCrypto
import Foundation

extension PairingProof {
    /// Signs a pairing on the sidecar side.
    public static func make(keyPair: Ed25519KeyPair, deviceID: String, devicePublicKey: String) -> PairingProof {
        let sidecarKey = keyPair.publicKey.base64
        let bytes = signedBytes(deviceID: deviceID, devicePublicKey: devicePublicKey, sidecarPublicKey: sidecarKey)
        return PairingProof(
            publicKey: sidecarKey, fingerprint: keyPair.publicKey.fingerprint.description,
            signature: Data(keyPair.sign(bytes)).base64EncodedString())
    }

    /// Checks the proof on the companion side; returns the sidecar key when the signature verifies for
    /// this device and the fingerprint field matches the key.
    public func verify(deviceID: String, devicePublicKey: String) -> Ed25519PublicKey? {
        guard let key = try? Ed25519PublicKey(base64: publicKey),
            let signatureBytes = Data(base64Encoded: signature), signatureBytes.count == 64,
            let claimed = Fingerprint(parsing: fingerprint), claimed.matches(key.fingerprint)
        else { return nil }
        let bytes = Self.signedBytes(deviceID: deviceID, devicePublicKey: devicePublicKey, sidecarPublicKey: publicKey)
        return key.verify(signature: Array(signatureBytes), message: bytes) ? key : nil
    }
}
