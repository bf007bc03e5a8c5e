/// The sidecar's signed statement, added to the `pairing/complete` answer as `sidecar`
/// (an addition to the brief's shape): "I, the holder of this key, paired this device key as this id".
///
/// ```json
/// "sidecar": { "publicKey": "<base64>", "fingerprint": "SHA256:…", "signature": "<base64>" }
/// ```
public struct PairingProof: Codable, Sendable, Equatable {
    /// The sidecar's Ed25519 identity public key, base64 (32 bytes).
    public var publicKey: String
    /// `SHA256:<base64>` fingerprint of `publicKey`, as in the QR payload.
    public var fingerprint: String
    /// Ed25519 signature over ``signedBytes(deviceID:devicePublicKey:sidecarPublicKey:)``, base64.
    public var signature: String

    public init(publicKey: String, fingerprint: String, signature: String) {
        self.publicKey = publicKey
        self.fingerprint = fingerprint
        self.signature = signature
    }

    public static let domain = "COMPANIONKIT-PAIRED-V1"

    /// `COMPANIONKIT-PAIRED-V1\n<device id>\n<device public key base64>\n<sidecar public key base64>`, UTF-8.
    public static func signedBytes(deviceID: String, devicePublicKey: String, sidecarPublicKey: String) -> [UInt8] {
        Array([domain, deviceID, devicePublicKey, sidecarPublicKey].joined(separator: "\n").utf8)
    }
}
