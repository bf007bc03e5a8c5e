/// One accepted nonce as a ``NonceJournal`` keeps it: its fingerprint and the request's signed timestamp.
public struct NonceRecord: Sendable, Equatable {
    /// 64-bit fingerprint of device id and nonce (the same in every process).
    public var fingerprint: UInt64
    /// The request's signed timestamp, in milliseconds since 1970.
    public var timestampMillis: Int64

    public init(fingerprint: UInt64, timestampMillis: Int64) {
        self.fingerprint = fingerprint
        self.timestampMillis = timestampMillis
    }
}

/// Durable memory of the nonces a ``RequestAuthenticator`` accepted, so that replay protection survives a restart:
/// a request captured before the sidecar restarted is still refused after it, for as long as its timestamp could
/// be accepted.
///
/// The authenticator writes each accepted nonce before admitting its request, and reads the recent ones back when
/// it is created. Implementations do the I/O (the sidecar keeps them in SQLite); this module does none.
public protocol NonceJournal: Sendable {
    /// Records an accepted nonce; returns once it would survive the process being killed. `durable` asks for it to
    /// survive a power cut as well (requests that change state).
    func record(_ record: NonceRecord, durable: Bool) async throws
    /// Every recorded nonce whose timestamp is at or after `sinceMillis`.
    func records(sinceMillis: Int64) throws -> [NonceRecord]
    /// Forgets nonces whose timestamp is before `beforeMillis` (they are refused by the timestamp check anyway).
    func prune(beforeMillis: Int64) async throws
    /// The same, synchronously (when the authenticator is created, before anything is served).
    func pruneNow(beforeMillis: Int64) throws
}
