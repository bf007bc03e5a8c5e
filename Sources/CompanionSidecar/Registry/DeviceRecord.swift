import CompanionAPI
import Foundation
import GRDB

/// A trusted device as stored in the registry.
package struct DeviceRecord: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
    package static let databaseTableName = "device"

    /// Opaque id (32 hex digits), stable across re-pairings of the same key.
    package var id: String
    package var name: String
    /// The device's Ed25519 public key, base64 (32 bytes).
    package var publicKey: String
    package var pairedAt: Date
    package var lastSeenAt: Date
    /// What the device may do: ``DeviceScope`` names, comma-separated (``DeviceScope/text(_:)``).
    package var scopes: String

    /// The scopes as a set; unknown names (from a newer sidecar) are ignored.
    package var scopeSet: Set<DeviceScope> {
        Set(scopes.split(separator: ",").compactMap { DeviceScope(rawValue: String($0)) })
    }

    /// The device as `GET /companion/devices` shows it (`pairedAt`, no `connectedAt`).
    package var listed: CompanionDevice {
        CompanionDevice(id: id, name: name, pairedAt: pairedAt, lastSeenAt: lastSeenAt, scopes: scopeNames)
    }

    /// The device as `connectedDevice` shows it.
    func connected(at connectedAt: Date) -> CompanionDevice {
        CompanionDevice(id: id, name: name, connectedAt: connectedAt, lastSeenAt: lastSeenAt, scopes: scopeNames)
    }

    /// The scopes as the wire shows them (``CompanionDevice/scopes``), in canonical order.
    var scopeNames: [String] { scopeSet.sorted().map(\.rawValue) }
}

/// The singleton row naming the connected device.
struct ConnectionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "connection"
    var id: Int = 1
    var deviceId: String
    var connectedAt: Date
}
