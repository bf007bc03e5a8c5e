import CompanionAPI
import CompanionCrypto
import GRDB
import Synchronization

/// The public keys (and scopes) of trusted devices, kept in memory so a signed request does not cost a database read.
///
/// Every committed transaction that inserts or deletes a device, or changes a device's key, empties the cache
/// before the write returns (``TrustedKeyObserver``): a revocation acknowledged to the client is effective on
/// the very next request. A key read from the database is kept only if no such change happened since the read
/// began (a generation counter), so a read racing a revocation cannot put the old key back. Unknown ids are
/// not remembered (they are not trusted, and an attacker could otherwise fill memory).
final class TrustedKeyCache: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var keys: [String: (key: Ed25519PublicKey, scopes: Set<DeviceScope>)] = [:]
    }

    private let state = Mutex(State())

    /// The cached key of `deviceID`, if any.
    func key(for deviceID: String) -> Ed25519PublicKey? {
        state.withLock { $0.keys[deviceID]?.key }
    }

    /// The cached scopes of `deviceID`, if any.
    func scopes(for deviceID: String) -> Set<DeviceScope>? {
        state.withLock { $0.keys[deviceID]?.scopes }
    }

    /// The generation to pass to ``store(_:for:readAt:)``; take it before reading the database.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Keeps `key` unless the trusted devices changed since `generation` was taken.
    func store(_ key: Ed25519PublicKey, scopes: Set<DeviceScope>, for deviceID: String, readAt generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            state.keys[deviceID] = (key, scopes)
        }
    }

    /// Forgets every key (the trusted devices changed).
    func invalidate() {
        state.withLock { state in
            state.generation &+= 1
            state.keys.removeAll()
        }
    }
}

/// Empties a ``TrustedKeyCache`` when a transaction that changed the trusted devices commits.
final class TrustedKeyObserver: TransactionObserver, @unchecked Sendable {
    private let cache: TrustedKeyCache
    /// Set by ``databaseDidChange(with:)``; used only on the database's writer (serialised by GRDB).
    private var changed = false

    init(cache: TrustedKeyCache) {
        self.cache = cache
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        switch eventKind {
        case .insert(let table), .delete(let table): table == DeviceRecord.databaseTableName
        case .update(let table, let columns):
            table == DeviceRecord.databaseTableName
                && (columns.contains("publicKey") || columns.contains("id") || columns.contains("scopes"))
        }
    }

    func databaseDidChange(with event: DatabaseEvent) { changed = true }

    func databaseDidCommit(_ db: Database) {
        if changed { cache.invalidate() }
        changed = false
    }

    func databaseDidRollback(_ db: Database) { changed = false }
}
