import CompanionAPI
import CompanionCrypto
import Foundation
import GRDB

extension Registry {
    /// Result of registering a completed pairing.
    package struct Registration: Sendable, Equatable {
        package var device: DeviceRecord
        /// True when the key was already trusted and the existing device was updated.
        package var updatedExisting: Bool
        package var status: CompanionStatusResponse
    }

    /// Trusts `publicKey` (adding a device, or updating the one with the same key), makes it the connected
    /// device and writes the audit entry, all in one transaction. Returns only after the commit.
    package func registerPairing(
        name: String, publicKey: String, scopes: Set<DeviceScope> = DeviceScope.pairingDefault, at rawDate: Date,
        peer: String?
    ) async throws -> Registration {
        let date = Timestamp.truncated(rawDate)
        let registration = try await pool.write { db -> Registration in
            var device: DeviceRecord
            let existing = try DeviceRecord.filter(Column("publicKey") == publicKey).fetchOne(db)
            if var found = existing {
                found.name = name
                found.lastSeenAt = date
                found.scopes = DeviceScope.text(scopes)
                try found.update(db)
                device = found
            } else {
                device = DeviceRecord(
                    id: Self.newDeviceID(), name: name, publicKey: publicKey, pairedAt: date, lastSeenAt: date,
                    scopes: DeviceScope.text(scopes))
                try device.insert(db)
            }
            try ConnectionRecord(deviceId: device.id, connectedAt: date).save(db)
            let event: AuditEntry.Event = existing == nil ? .paired : .repaired
            try AuditChain.append(
                AuditEntry(at: date, event: event, deviceId: device.id, peer: peer), db, key: auditKey)
            let connected = device.connected(at: date)
            self.updateCacheOnCommit(db, to: connected)
            return Registration(
                device: device, updatedExisting: existing != nil,
                status: CompanionStatusResponse(connected: true, connectedDevice: connected))
        }
        return registration
    }

    /// Ends the current connection (the device stays trusted). Returns the new status.
    @discardableResult
    package func disconnect(at date: Date, peer: String?) async throws -> CompanionStatusResponse {
        try await pool.write { db in
            if let connection = try ConnectionRecord.fetchOne(db, key: 1) {
                try ConnectionRecord.deleteAll(db)
                try AuditChain.append(
                    AuditEntry(
                        at: Timestamp.truncated(date), event: .disconnected, deviceId: connection.deviceId, peer: peer),
                    db, key: auditKey)
            }
            self.updateCacheOnCommit(db, to: nil)
        }
        return status
    }

    /// Removes trust in a device at once; when it is the connected device the sidecar is left disconnected.
    /// Returns nil when no device has this id.
    package func revoke(id: String, at date: Date, peer: String?) async throws -> CompanionStatusResponse? {
        let connected = try await pool.write { db -> CompanionDevice?? in
            guard try DeviceRecord.deleteOne(db, key: id) else { return .none }
            try AuditChain.append(
                AuditEntry(at: Timestamp.truncated(date), event: .revoked, deviceId: id, peer: peer), db, key: auditKey)
            let device = try Self.connectedDevice(db)
            self.updateCacheOnCommit(db, to: device)
            return .some(device)
        }
        guard case .some = connected else { return nil }
        return status
    }

    /// Replaces the in-memory status once the current transaction commits (in commit order).
    private func updateCacheOnCommit(_ db: Database, to device: CompanionDevice?) {
        db.afterNextTransaction { _ in self.cache.set(device) }
    }

    /// A fresh device id: 16 random bytes as lowercase hex.
    static func newDeviceID() -> String {
        SecureRandom.bytes(16).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
