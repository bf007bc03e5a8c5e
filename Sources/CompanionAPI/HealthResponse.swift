/// Body of `GET /health`. The brief leaves it open; we answer who is serving and which protocol, plus what
/// the ILS app reads (`status`, and whether Claude Code is available on the workstation, with its version).
public struct HealthResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    /// `ok`: our sidecar always sends it (the ILS app requires the field); optional when reading, since earlier
    /// sidecars did not.
    public var status: String? = "ok"
    /// Whether the `claude` CLI was found (absent when the sidecar serves no Claude Code API).
    public var claudeAvailable: Bool?
    /// `claude --version`.
    public var claudeVersion: String?
    /// What is missing and how to fix it, when Claude Code is not available.
    public var claudeProblem: String?
    /// Always `companion-sidecar` for our sidecar.
    public var service: String
    /// Software version of the sidecar.
    public var version: String
    /// Pairing protocol name and the highest pairing exchange version the sidecar speaks: 1 (the brief's
    /// `pairing/complete`) or 2 (``PairingProtocolV2``, which a sidecar with an identity key offers beside 1).
    public var `protocol`: String
    public var protocolVersion: Int
    /// True when the sidecar serves plain HTTP beyond loopback (`companion sidecar serve --insecure-http`):
    /// what a device sends and reads there crosses the network in clear. Absent otherwise.
    public var insecureHTTP: Bool?
    /// Web Push delivery since the sidecar started (messages sent, failed, subscriptions dropped); absent when the
    /// sidecar sends no push.
    public var push: PushHealth?

    public init(
        ok: Bool = true, service: String = "companion-sidecar", version: String,
        protocol: String = QRPayload.protocolName, protocolVersion: Int = QRPayload.protocolVersion
    ) {
        self.ok = ok
        self.service = service
        self.version = version
        self.protocol = `protocol`
        self.protocolVersion = protocolVersion
    }
}
