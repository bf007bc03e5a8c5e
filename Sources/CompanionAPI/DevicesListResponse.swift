/// Body of `GET /companion/devices`: every trusted device, each with `pairedAt` and `lastSeenAt`.
public struct DevicesListResponse: Codable, Sendable, Equatable {
    public var ok: Bool
    public var devices: [CompanionDevice]

    public init(ok: Bool = true, devices: [CompanionDevice]) {
        self.ok = ok
        self.devices = devices
    }
}
