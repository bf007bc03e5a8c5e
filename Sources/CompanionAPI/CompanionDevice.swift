import Foundation

/// A device as the sidecar reports it.
///
/// The brief uses one shape with two timestamps depending on the endpoint:
/// `connectedDevice` (status, pairing/complete, disconnect, revoke) carries `connectedAt`,
/// while entries of `GET /companion/devices` carry `pairedAt`. Absent fields are omitted on the wire.
public struct CompanionDevice: Codable, Sendable, Equatable {
    /// Opaque device identifier assigned by the sidecar.
    public var id: String
    /// Human-readable device name, e.g. `iPhone 16 Pro` or the companion's host name.
    public var name: String
    /// When the current connection started (`connectedDevice` only).
    public var connectedAt: Date?
    /// When the device was first paired (devices list only).
    public var pairedAt: Date?
    /// Last time the sidecar heard from the device.
    public var lastSeenAt: Date
    /// What the device may do (``DeviceScope`` names, canonical order), an addition to the brief: absent from
    /// sidecars without scopes, and kept as text so a scope this companion does not know still shows.
    public var scopes: [String]?

    public init(
        id: String, name: String, connectedAt: Date? = nil, pairedAt: Date? = nil, lastSeenAt: Date,
        scopes: [String]? = nil
    ) {
        self.id = id
        self.name = name
        self.connectedAt = connectedAt
        self.pairedAt = pairedAt
        self.lastSeenAt = lastSeenAt
        self.scopes = scopes
    }
}
