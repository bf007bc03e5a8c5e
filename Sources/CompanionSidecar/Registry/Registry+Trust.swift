import CompanionAPI
import CompanionCrypto
import Foundation
import GRDB

extension Registry {
    /// The public key of the trusted device with this id; nil when unknown or revoked.
    /// From memory when possible (``TrustedKeyCache``, emptied by every pairing and revocation before it is
    /// acknowledged), so a revocation takes effect on the very next request.
    public func trustedKey(deviceID: String) async throws -> Ed25519PublicKey? {
        if let key = trustedKeys.key(for: deviceID) { return key }
        let generation = trustedKeys.generation
        guard let record = try await pool.read({ db in try DeviceRecord.fetchOne(db, key: deviceID) }),
            let key = try? Ed25519PublicKey(base64: record.publicKey)
        else { return nil }
        trustedKeys.store(key, for: deviceID, readAt: generation)
        return key
    }

    /// Resolution of `lastSeenAt` under load: a device seen again within this many seconds of the last write
    /// is not written again, so a busy device does not cost a durable database write per request.
    public static let lastSeenResolution: TimeInterval = 1

    /// Records that an authenticated request from `deviceID` arrived at `date` (`lastSeenAt`), at most once
    /// per ``lastSeenResolution``. Only signed, verified requests call this, so a spoofed id cannot move
    /// anyone's `lastSeenAt`.
    public func touch(deviceID: String, at rawDate: Date) async throws {
        let date = Timestamp.truncated(rawDate)
        let due = lastSeenWrites.withLock { written in
            if let last = written[deviceID], date >= last, date.timeIntervalSince(last) < Self.lastSeenResolution {
                return false
            }
            written[deviceID] = date
            return true
        }
        guard due else { return }
        try await pool.write { db in
            guard var device = try DeviceRecord.fetchOne(db, key: deviceID), device.lastSeenAt < date else { return }
            device.lastSeenAt = date
            try device.update(db, columns: ["lastSeenAt"])
            if let connected = try Self.connectedDevice(db), connected.id == deviceID {
                db.afterNextTransaction { _ in self.cache.set(connected) }
            }
        }
    }
}
