import CompanionAPI
import CompanionCrypto
import Foundation
import GRDB

extension Registry {
    /// The public key of the trusted device with this id; nil when unknown or revoked.
    /// Read from the database on every call, so a revocation takes effect on the very next request.
    public func trustedKey(deviceID: String) async throws -> Ed25519PublicKey? {
        guard let record = try await pool.read({ db in try DeviceRecord.fetchOne(db, key: deviceID) }) else {
            return nil
        }
        return try? Ed25519PublicKey(base64: record.publicKey)
    }

    /// Records that an authenticated request from `deviceID` arrived at `date` (`lastSeenAt`).
    /// Only signed, verified requests call this, so a spoofed id cannot move anyone's `lastSeenAt`.
    public func touch(deviceID: String, at rawDate: Date) async throws {
        let date = Timestamp.truncated(rawDate)
        try await pool.write { db in
            guard var device = try DeviceRecord.fetchOne(db, key: deviceID), device.lastSeenAt < date else { return }
            device.lastSeenAt = date
            try device.update(db)
            if let connected = try Self.connectedDevice(db), connected.id == deviceID {
                db.afterNextTransaction { _ in self.cache.set(connected) }
            }
        }
    }
}
