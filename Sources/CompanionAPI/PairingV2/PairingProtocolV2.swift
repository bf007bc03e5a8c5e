import CompanionCrypto

/// The v2 pairing exchange: CPace (ristretto255, SHA-512) keyed by the 6-digit code, so the code never
/// crosses the wire. Both sides build the CPace inputs with these functions.
///
/// - `PRS`: the six ASCII digits of the code.
/// - `sid`: the pairing id (16 random bytes, from the offer).
/// - `CI`: `lv_cat("companionkit-pairing-v2", device public key, sidecar public key)` (raw keys, initiator first);
///   over HTTPS `lv_cat("companionkit-pairing-v2-tls", device public key, sidecar public key, TLS pin digest)`: the
///   companion binds the pin of the certificate its connection presented, the sidecar its own, so an interceptor
///   that swapped the certificate makes the generators differ and the key confirmation fail. A companion that also
///   sends the SHA-256 of the whole certificate binds `lv_cat("companionkit-pairing-v2-tls-cert", device public
///   key, sidecar public key, TLS pin digest, certificate digest)`, and the sidecar then binds the certificate it
///   serves: the sidecar's key in a certificate someone else issued (anyone can have a CA certify a public key)
///   fails the exchange too.
/// - `ADa`: `lv_cat("companionkit-pairing/2", device name)`; `ADb`: the sidecar's signature over
///   `lv_cat("companionkit-pairing-v2-sidecar", sid, CI, Ya, ADa, Yb)`.
/// - Key confirmation: the sidecar sends its tag with `Yb`; the companion checks it and the signature, then sends its
///   own; the sidecar registers the device only after checking that.
public enum PairingProtocolV2 {
    /// The protocol version `/health` advertises when v2 is available.
    public static let version = 2
    /// The CPace suite.
    public static let suite = CPace.suiteName
    /// Length of the pairing id in bytes.
    public static let pairingIDLength = 16

    /// `PRS`: the code's digits.
    public static func passwordString(code: String) -> SecureBytes { SecureBytes(Array(code.utf8)) }

    /// `CI`: the protocol label and both identity keys, device (initiator) first, then the TLS key pin when the
    /// exchange runs over HTTPS and the SHA-256 of the certificate's DER when the companion sent it (each form under a
    /// label of its own, so no two forms collide).
    public static func channelIdentifier(
        deviceKey: Ed25519PublicKey, sidecarKey: Ed25519PublicKey, tlsPin: TLSPin? = nil,
        tlsCertificateDigest: [UInt8]? = nil
    )
        -> [UInt8]
    {
        guard let tlsPin else {
            return CPaceEncoding.lvCat(Array("companionkit-pairing-v2".utf8), deviceKey.rawBytes, sidecarKey.rawBytes)
        }
        guard let tlsCertificateDigest else {
            return CPaceEncoding.lvCat(
                Array("companionkit-pairing-v2-tls".utf8), deviceKey.rawBytes, sidecarKey.rawBytes, tlsPin.digest)
        }
        return CPaceEncoding.lvCat(
            Array("companionkit-pairing-v2-tls-cert".utf8), deviceKey.rawBytes, sidecarKey.rawBytes, tlsPin.digest,
            tlsCertificateDigest)
    }

    /// The SHA-256 of a certificate's DER, as the exchange binds and sends it (``PairingExchangeRequest/tlsCertificate``).
    public static func certificateDigest(der: [UInt8]) -> [UInt8] { SHA256.hash(der) }

    /// `ADa`: the protocol version label and the device name.
    public static func deviceAssociatedData(deviceName: String) -> [UInt8] {
        CPaceEncoding.lvCat(Array("companionkit-pairing/2".utf8), Array(deviceName.utf8))
    }

    /// What the sidecar signs (its signature is `ADb`).
    public static func sidecarSignedBytes(sid: [UInt8], ci: [UInt8], shareA: [UInt8], adA: [UInt8], shareB: [UInt8])
        -> [UInt8]
    {
        CPaceEncoding.lvCat(Array("companionkit-pairing-v2-sidecar".utf8), sid, ci, shareA, adA, shareB)
    }
}
