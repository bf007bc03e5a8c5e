/// Body of `GET /health`. The brief leaves it open; we answer who is serving and which protocol.
public struct HealthResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    /// Always `companion-sidecar` for our sidecar.
    public var service: String
    /// Software version of the sidecar.
    public var version: String
    /// Pairing protocol name and version the sidecar speaks (see ``QRPayload``).
    public var `protocol`: String
    public var protocolVersion: Int

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
