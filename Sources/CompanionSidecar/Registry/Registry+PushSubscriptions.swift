import CompanionAPI
import Foundation
import GRDB

/// One device's Web Push subscription: where its push service takes messages and the keys they are encrypted for.
struct PushSubscriptionRecord: Sendable, Equatable {
    let id: String
    let deviceID: String
    let endpoint: String
    /// The subscription's P-256 key (uncompressed point) and its auth secret, base64url as the browser gave them.
    let p256dh: String
    let auth: String
    /// The device's scopes now, to decide what it may be told.
    let scopes: Set<DeviceScope>
}

/// Web Push subscriptions: each belongs to a device and is deleted with it (`ON DELETE CASCADE`), so revoking a
/// device ends its notifications in the same transaction.
extension Registry {
    /// Keeps a subscription of `deviceID`, or updates the keys of the one it already has for `endpoint`; returns its
    /// id. Nil when the device already holds `limit` other subscriptions.
    func addPushSubscription(
        deviceID: String, endpoint: String, p256dh: String, auth: String, limit: Int, at date: Date
    ) async throws -> String? {
        try await pool.write { db in
            if let id = try String.fetchOne(
                db, sql: "SELECT id FROM pushSubscription WHERE deviceId = ? AND endpoint = ?",
                arguments: [deviceID, endpoint])
            {
                try db.execute(
                    sql: "UPDATE pushSubscription SET p256dh = ?, auth = ? WHERE id = ?", arguments: [p256dh, auth, id])
                return id
            }
            let held =
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM pushSubscription WHERE deviceId = ?", arguments: [deviceID]) ?? 0
            guard held < limit else { return nil }
            let id = Self.newDeviceID()
            try db.execute(
                sql: """
                    INSERT INTO pushSubscription (id, deviceId, endpoint, p256dh, auth, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [id, deviceID, endpoint, p256dh, auth, date])
            return id
        }
    }

    /// The device a subscription belongs to; nil when there is no such subscription.
    func pushSubscriptionOwner(id: String) async throws -> String? {
        try await pool.read { db in
            try String.fetchOne(db, sql: "SELECT deviceId FROM pushSubscription WHERE id = ?", arguments: [id])
        }
    }

    /// Removes a subscription; false when there was none.
    @discardableResult
    func removePushSubscription(id: String) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM pushSubscription WHERE id = ?", arguments: [id])
            return db.changesCount > 0
        }
    }

    /// Every subscription of every trusted device, with the device's scopes.
    func pushSubscriptions() async throws -> [PushSubscriptionRecord] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.id, s.deviceId, s.endpoint, s.p256dh, s.auth, d.scopes FROM pushSubscription s
                    JOIN device d ON d.id = s.deviceId ORDER BY s.createdAt, s.id
                    """
            ).map { row in
                PushSubscriptionRecord(
                    id: row["id"], deviceID: row["deviceId"], endpoint: row["endpoint"], p256dh: row["p256dh"],
                    auth: row["auth"], scopes: (try? DeviceScope.parse(row["scopes"] as String)) ?? [])
            }
        }
    }

    /// Migration v6.
    static let pushSubscriptionsMigrationSQL = """
        CREATE TABLE pushSubscription (
            id TEXT PRIMARY KEY NOT NULL,
            deviceId TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
            endpoint TEXT NOT NULL,
            p256dh TEXT NOT NULL,
            auth TEXT NOT NULL,
            createdAt DATETIME NOT NULL,
            UNIQUE (deviceId, endpoint)
        );
        CREATE INDEX pushSubscription_device ON pushSubscription(deviceId);
        """
}
