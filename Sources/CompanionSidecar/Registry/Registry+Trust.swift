import CompanionAPI
import CompanionCrypto
import Foundation
import GRDB

extension Registry {
    /// The public key of the trusted device with this id; nil when unknown or revoked.
    /// From memory when possible (``TrustedKeyCache``, emptied by every pairing and revocation before it is
    /// acknowledged), so a revocation takes effect on the very next request.
    package func trustedKey(deviceID: String) async throws -> Ed25519PublicKey? {
        if let key = trustedKeys.key(for: deviceID) { return key }
        return try await loadTrusted(deviceID: deviceID)?.key
    }

    /// The scopes of the trusted device with this id; nil when unknown or revoked. From memory like the key,
    /// and emptied by the same commits (a scope change included), so a narrowed device is narrowed at once.
    package func scopes(deviceID: String) async throws -> Set<DeviceScope>? {
        if let scopes = trustedKeys.scopes(for: deviceID) { return scopes }
        return try await loadTrusted(deviceID: deviceID)?.scopes
    }

    private func loadTrusted(deviceID: String) async throws -> (key: Ed25519PublicKey, scopes: Set<DeviceScope>)? {
        let generation = trustedKeys.generation
        guard let record = try await pool.read({ db in try DeviceRecord.fetchOne(db, key: deviceID) }),
            let key = try? Ed25519PublicKey(base64: record.publicKey)
        else { return nil }
        trustedKeys.store(key, scopes: record.scopeSet, for: deviceID, readAt: generation)
        return (key, record.scopeSet)
    }

    /// Resolution of `lastSeenAt` under load: a device seen again within this many seconds of the last write
    /// is not written again, so a busy device does not cost a durable database write per request.
    package static let lastSeenResolution: TimeInterval = 1

    /// Records that an authenticated request from `deviceID` arrived at `date` (`lastSeenAt`), at most once
    /// per ``lastSeenResolution``. Only signed, verified requests call this, so a spoofed id cannot move
    /// anyone's `lastSeenAt`.
    package func touch(deviceID: String, at rawDate: Date) async throws {
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

extension Registry {
    /// Replaces the scopes of the trusted device `deviceID` (the workstation owner's decision) and writes the
    /// audit entry, in one transaction. Returns the updated device; nil when no trusted device has this id. With
    /// `refusingRaise` (why the caller may not add power), a change that adds any scope the device lacks is refused
    /// with 403 and that reason, checked in the same transaction as the write.
    package func setScopes(
        _ scopes: Set<DeviceScope>, deviceID: String, at date: Date, peer: String?, refusingRaise: String? = nil
    ) async throws -> DeviceRecord? {
        try await pool.write { db in
            guard var device = try DeviceRecord.fetchOne(db, key: deviceID) else { return nil }
            if let refusingRaise, !scopes.isSubset(of: device.scopeSet) {
                throw SidecarError.forbidden(refusingRaise)
            }
            device.scopes = DeviceScope.text(scopes)
            try device.update(db, columns: ["scopes"])
            try AuditChain.append(
                AuditEntry(
                    at: Timestamp.truncated(date), event: .scopesChanged, deviceId: deviceID, peer: peer,
                    detail: device.scopes), db, key: auditKey)
            // The status answer names the connected device's scopes: it changes with them.
            if let connected = try Self.connectedDevice(db), connected.id == deviceID {
                db.afterNextTransaction { _ in self.cache.set(connected) }
            }
            return device
        }
    }
}
