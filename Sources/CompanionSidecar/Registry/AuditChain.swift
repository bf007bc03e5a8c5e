import CompanionCrypto
import Foundation
import GRDB

/// Makes the audit log tamper-evident: every row carries a hash of its own content and of the row before it
/// (`prevHash`, `hash`), so a row changed or removed in the middle breaks the chain where it happened
/// (``Registry/verifyAuditChain()``). Every insert of the sidecar goes through ``append(_:_:key:)``.
///
/// What a hash covers: the previous hash, then the stored text of `at`, `event`, `deviceId`, `peer`, `detail` and
/// `prunedThroughId`, separated by U+001F. With the sidecar's audit key (kept in its vault next to its identity,
/// given in ``SidecarConfiguration/auditKey``) the hash is `hmac-sha512:` and the HMAC-SHA-512 of that text under
/// the key: nobody without the key can write a row (a pruning record, say) that verifies. Without a key (tests,
/// embedders, rows written before keys existed) it is the plain SHA-256, which anyone can recompute. The first row
/// after a pruning chains to the pruned row before it, which is gone: the pruning record names its hash. Removing
/// rows at the very end cannot be told from rows never written: a paired device keeps the head it last saw.
enum AuditChain {
    static let separator = "\u{1F}"

    /// Prefix of a keyed hash.
    static let keyedPrefix = "hmac-sha512:"

    /// Inserts `entry` with its place in the chain, keyed when `key` is given.
    static func append(_ entry: AuditEntry, _ db: Database, key: SecureBytes?) throws {
        var entry = entry
        let previous = try String.fetchOne(db, sql: "SELECT hash FROM auditLog ORDER BY id DESC LIMIT 1") ?? ""
        // An unkeyed row after a keyed one would break the chain for good: refuse the change instead.
        guard key != nil || !previous.hasPrefix(keyedPrefix) else { throw AuditKeyMissing() }
        entry.prevHash = previous
        entry.hash = hash(previous: previous, fields: storedFields(entry), key: key)
        try entry.insert(db)
    }

    /// The row's fields as SQLite stores them (the text `at` is stored as).
    static func storedFields(_ entry: AuditEntry) -> [String] {
        let at: String
        if case .string(let text) = entry.at.databaseValue.storage { at = text } else { at = "" }
        return [
            at, entry.event.rawValue, entry.deviceId ?? "", entry.peer ?? "", entry.detail ?? "",
            entry.prunedThroughId.map(String.init) ?? "",
        ]
    }

    /// The keyed hash under `key`, else the plain SHA-256.
    static func hash(previous: String, fields: [String], key: SecureBytes? = nil) -> String {
        let text = Array(([previous] + fields).joined(separator: separator).utf8)
        guard let key else { return HexEncoding.lowercase(SHA256.hash(text)) }
        return keyedPrefix + HexEncoding.lowercase(SHA512.authenticationCode(key: key, message: text))
    }

    static let columns = "id, at, event, deviceId, peer, detail, prunedThroughId, prevHash, hash"

    /// The stored fields of a row fetched with ``columns``.
    static func fields(_ row: Row) -> [String] {
        let pruned: Int64? = row["prunedThroughId"]
        return [
            row["at"] as String? ?? "", row["event"] as String? ?? "", row["deviceId"] as String? ?? "",
            row["peer"] as String? ?? "", row["detail"] as String? ?? "", pruned.map(String.init) ?? "",
        ]
    }

    /// Migration v3: the two columns, filled for the rows already there (in order), with the append-only update
    /// trigger lifted for the length of the migration only.
    static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE auditLog ADD COLUMN prevHash TEXT;
                ALTER TABLE auditLog ADD COLUMN hash TEXT;
                DROP TRIGGER auditLog_append_only_update;
                """)
        var previous = ""
        for row in try Row.fetchAll(db, sql: "SELECT \(columns) FROM auditLog ORDER BY id") {
            let hash = hash(previous: previous, fields: fields(row))
            try db.execute(
                sql: "UPDATE auditLog SET prevHash = ?, hash = ? WHERE id = ?",
                arguments: [previous, hash, row["id"] as Int64])
            previous = hash
        }
        try db.execute(
            sql: """
                CREATE TRIGGER auditLog_append_only_update BEFORE UPDATE ON auditLog
                BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
                """)
    }
}

/// A change was refused because the audit log is keyed and the key is not at hand (the registry was opened
/// without ``SidecarConfiguration/auditKey``, e.g. by an owner command while no sidecar runs and its vault is
/// locked); nothing was changed.
package struct AuditKeyMissing: Error, CustomStringConvertible {
    package var description: String {
        "the audit log is keyed and the sidecar's audit key is not available, so nothing was changed: start the "
            + "sidecar (the change then goes through it) or unlock the vault holding its identity"
    }
}
