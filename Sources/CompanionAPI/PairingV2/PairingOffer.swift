import Foundation

/// Body of `GET /companion/pairing/v2/offer`: what a companion needs before its first v2 message, all public.
///
/// ```json
/// {"ok":true,"protocolVersion":2,"suite":"CPACE-RISTR255-SHA512","pairingId":"<base64url, 16 bytes>",
///  "sidecarPublicKey":"<base64>","fingerprint":"SHA256:…","expiresAt":"…","attemptsLeft":5}
/// ```
public struct PairingOfferResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    /// Always ``PairingProtocolV2/version``.
    public var protocolVersion: Int
    /// Always ``PairingProtocolV2/suite``.
    public var suite: String
    /// The active pairing's id (CPace's `sid`), base64url of 16 random bytes; new for every `pairing/start`.
    public var pairingId: String
    /// The sidecar's Ed25519 identity key, base64; bound into the key exchange.
    public var sidecarPublicKey: String
    /// `SHA256:…` of `sidecarPublicKey`.
    public var fingerprint: String
    public var expiresAt: Date
    /// Key exchanges left before the pairing is burned (v1 and v2 failures count together).
    public var attemptsLeft: Int

    public init(pairingId: String, sidecarPublicKey: String, fingerprint: String, expiresAt: Date, attemptsLeft: Int) {
        self.ok = true
        self.protocolVersion = PairingProtocolV2.version
        self.suite = PairingProtocolV2.suite
        self.pairingId = pairingId
        self.sidecarPublicKey = sidecarPublicKey
        self.fingerprint = fingerprint
        self.expiresAt = expiresAt
        self.attemptsLeft = attemptsLeft
    }
}
