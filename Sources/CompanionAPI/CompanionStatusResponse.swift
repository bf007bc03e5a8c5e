/// Body of `GET /companion/status`, `POST /companion/disconnect` and `DELETE /companion/devices/:id`.
///
/// ```json
/// { "ok": true, "connected": false, "connectedDevice": null }
/// ```
/// `connectedDevice` is always present on the wire, as `null` when nothing is connected.
public struct CompanionStatusResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    public var connected: Bool
    public var connectedDevice: CompanionDevice?

    public init(ok: Bool = true, connected: Bool, connectedDevice: CompanionDevice?) {
        self.ok = ok
        self.connected = connected
        self.connectedDevice = connectedDevice
    }

    private enum CodingKeys: String, CodingKey { case ok, connected, connectedDevice }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(ok, forKey: .ok)
        try container.encode(connected, forKey: .connected)
        try container.encode(connectedDevice, forKey: .connectedDevice)
    }
}
