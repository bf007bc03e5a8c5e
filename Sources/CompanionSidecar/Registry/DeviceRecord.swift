import CompanionAPI
import Foundation
import GRDB

/// A trusted device as stored in the registry.
public struct DeviceRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "device"

    /// Opaque id (32 hex digits), stable across re-pairings of the same key.
    public var id: String
    public var name: String
    /// The device's Ed25519 public key, base64 (32 bytes).
    public var publicKey: String
    public var pairedAt: Date
    public var lastSeenAt: Date

    /// The device as `GET /companion/devices` shows it (`pairedAt`, no `connectedAt`).
    public var listed: CompanionDevice {
        CompanionDevice(id: id, name: name, pairedAt: pairedAt, lastSeenAt: lastSeenAt)
    }

    /// The device as `connectedDevice` shows it.
    func connected(at connectedAt: Date) -> CompanionDevice {
        CompanionDevice(id: id, name: name, connectedAt: connectedAt, lastSeenAt: lastSeenAt)
    }
}

/// The singleton row naming the connected device.
struct ConnectionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "connection"
    var id: Int = 1
    var deviceId: String
    var connectedAt: Date
}
