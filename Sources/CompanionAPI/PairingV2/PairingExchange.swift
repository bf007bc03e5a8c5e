/// Body of `POST /companion/pairing/v2/exchange`: the companion's CPace message (`Ya`, `ADa`) and the identity
/// it pairs with. The pairing code is not in it.
public struct PairingExchangeRequest: Codable, Sendable, Equatable {
    /// From the offer.
    public var pairingId: String
    /// Name shown on the workstation (authenticated by the exchange: it is in `ADa`).
    public var deviceName: String
    /// The companion's Ed25519 public key, base64 (bound into the exchange: it is in `CI`).
    public var devicePublicKey: String
    /// `Ya`, base64url (32 bytes).
    public var share: String
    /// The pin of the TLS key the companion's connection presented, when it pairs over HTTPS (bound into `CI`:
    /// ``PairingProtocolV2/channelIdentifier(deviceKey:sidecarKey:tlsPin:tlsCertificateDigest:)``); nil over
    /// plain HTTP and from companions older than TLS.
    public var tlsPin: TLSPin?
    /// With ``tlsPin``: the SHA-256 of the whole certificate (DER) the companion's connection presented, base64url
    /// (32 bytes), also bound into `CI`; the sidecar compares it with the certificate it serves. Nil from companions
    /// that bind the pin only.
    public var tlsCertificate: String?

    public init(
        pairingId: String, deviceName: String, devicePublicKey: String, share: String, tlsPin: TLSPin? = nil,
        tlsCertificate: String? = nil
    ) {
        self.pairingId = pairingId
        self.deviceName = deviceName
        self.devicePublicKey = devicePublicKey
        self.share = share
        self.tlsPin = tlsPin
        self.tlsCertificate = tlsCertificate
    }
}

/// Answer of `POST /companion/pairing/v2/exchange`: the sidecar's CPace message and its key confirmation.
public struct PairingExchangeResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    /// Names this run in `confirm` (base64url, 16 random bytes).
    public var exchangeId: String
    /// `Yb`, base64url (32 bytes).
    public var share: String
    /// `ADb`: the sidecar's Ed25519 signature over ``PairingProtocolV2/sidecarSignedBytes(sid:ci:shareA:adA:shareB:)``,
    /// base64url (64 bytes).
    public var sidecarSignature: String
    /// The sidecar's key-confirmation tag (HMAC-SHA-512 over `lv_cat(Yb, ADb)`), base64url (64 bytes).
    public var confirmation: String

    public init(exchangeId: String, share: String, sidecarSignature: String, confirmation: String) {
        self.ok = true
        self.exchangeId = exchangeId
        self.share = share
        self.sidecarSignature = sidecarSignature
        self.confirmation = confirmation
    }
}

/// Body of `POST /companion/pairing/v2/confirm`: the companion's key-confirmation tag. The answer is the v1
/// `pairing/complete` answer (``PairingCompleteResponse``, with the sidecar's ``PairingProof``).
public struct PairingConfirmRequest: Codable, Sendable, Equatable {
    public var pairingId: String
    public var exchangeId: String
    /// HMAC-SHA-512 over `lv_cat(Ya, ADa)`, base64url (64 bytes).
    public var confirmation: String

    public init(pairingId: String, exchangeId: String, confirmation: String) {
        self.pairingId = pairingId
        self.exchangeId = exchangeId
        self.confirmation = confirmation
    }
}
