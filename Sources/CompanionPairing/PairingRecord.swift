import CompanionAPI
import Foundation

/// What a successful pairing leaves on this device (stored in the vault as the `pairing` item, as JSON):
/// who this device is to the sidecar and which sidecar that is.
public struct PairingRecord: Codable, Sendable, Equatable {
    /// The id the sidecar gave this device.
    public var deviceId: String
    /// The name the sidecar knows this device by.
    public var deviceName: String
    /// Base URL of the sidecar this device paired with.
    public var sidecarURL: String
    /// The workstation's name from the QR payload; nil on the manual path.
    public var workstationName: String?
    /// The sidecar identity fingerprint (`SHA256:…`) from the QR payload or the sidecar's proof, if any.
    public var sidecarFingerprint: String?
    /// The sidecar's identity public key (base64) from its pairing proof, if it sent one.
    public var sidecarPublicKey: String?
    /// When the pairing completed (the server's `connectedAt` when given).
    public var pairedAt: Date
    /// `qr` or `manual`.
    public var method: String
    /// The pairing exchange used (2: CPace); nil for records written before v2 (v1). A companion never pairs
    /// again with this sidecar over an older exchange than this.
    public var pairingVersion: Int?
    /// The newest audit row of the sidecar this device last saw in a signed status (``AuditWitness``); nil
    /// before the first one, and in records written before the witness existed.
    public var auditHead: AuditRowMark?
    /// The pins of the sidecar's TLS keys this device accepts over `https://` (``TLSPin``): the one from the QR
    /// code, or the ones the pairing connection accepted, then the next pins the sidecar announced; nil in records
    /// written before TLS (and for a sidecar paired over plain HTTP), which keep working without.
    public var tlsPins: [TLSPin]?
    /// The sidecar's own (self-signed) certificate with a pinned key that this device last connected to, DER in
    /// base64; nil before one, for a certificate the user brought (issued by a CA), and over plain HTTP. Public,
    /// not a secret: kept so that a new process trusts it at once (one TLS handshake, not a capturing one first),
    /// and used only while its key is one of ``tlsPins``.
    public var tlsCertificate: String?

    public init(
        deviceId: String, deviceName: String, sidecarURL: String, workstationName: String? = nil,
        sidecarFingerprint: String? = nil, sidecarPublicKey: String? = nil, pairedAt: Date, method: String
    ) {
        self.deviceId = deviceId
        self.deviceName = deviceName
        self.sidecarURL = sidecarURL
        self.workstationName = workstationName
        self.sidecarFingerprint = sidecarFingerprint
        self.sidecarPublicKey = sidecarPublicKey
        self.pairedAt = pairedAt
        self.method = method
    }

    /// The record for a pairing the sidecar confirmed with `response` for `ticket`, at `sidecarURL`.
    public init(device: CompanionDevice, ticket: PairingTicket, sidecarURL: String, proof: PairingProof?, now: Date) {
        self.init(
            deviceId: device.id, deviceName: device.name, sidecarURL: sidecarURL,
            workstationName: ticket.workstationName,
            sidecarFingerprint: proof?.fingerprint ?? ticket.fingerprint, sidecarPublicKey: proof?.publicKey,
            pairedAt: device.connectedAt ?? now, method: ticket.source.rawValue)
        tlsPins = ticket.tlsPin.map { [$0] }
    }
}
