import CompanionCrypto
import Foundation
import Synchronization

/// Why a signed request was refused. Every case answers 401 with a clear JSON error.
public enum AuthenticationFailure: Error, Equatable, Sendable {
    case missingHeaders
    case malformedHeaders
    case staleTimestamp
    case unknownDevice
    case badSignature
    case replayedNonce
    /// The nonce could not be written to the journal (disk full, database unwritable): refused rather than
    /// admitted unrecorded, which a restart would let through again. Answered 503.
    case journalUnavailable

    /// True when the refusal is the sidecar's fault (answered 503, not 401): the same request may succeed later.
    public var isServerSide: Bool { self == .journalUnavailable }

    /// A message for the error body: what happened and what to do.
    public var message: String {
        switch self {
        case .missingHeaders:
            "this endpoint needs a signed request (X-Companion-Device, -Timestamp, -Nonce, -Signature); pair first"
        case .malformedHeaders: "the request's signature headers are malformed"
        case .staleTimestamp: "the request's timestamp is outside the accepted window; check this device's clock"
        case .unknownDevice: "this device is not paired with the sidecar (or was revoked); pair again"
        case .badSignature: "the request's signature does not verify"
        case .replayedNonce: "the request's nonce was already used (replay refused)"
        case .journalUnavailable:
            "the sidecar could not record the request's nonce (is its data directory full or read-only?); try again"
        }
    }
}

/// Verifies signed requests: paired and not revoked, timestamp within ±window, nonce unseen, signature valid.
///
/// Safe to call from many requests at once: signatures are verified in parallel, only the nonce check takes a
/// short lock. With a ``NonceJournal`` the nonce memory survives restarts: the recent nonces are read back when the
/// authenticator is created, and each accepted nonce is journalled before its request is admitted.
public final class RequestAuthenticator: Sendable {
    /// Looks up the public key of a currently trusted device; nil when unknown or revoked.
    public typealias DeviceLookup = @Sendable (String) async throws -> Ed25519PublicKey?

    private let windowMillis: Int64
    private let now: @Sendable () -> Date
    private let lookup: DeviceLookup
    private let nonces: Mutex<NonceCache>
    private let journal: (any NonceJournal)?
    /// Accepted nonces since the journal was last pruned.
    private let sincePrune = Mutex(0)
    /// Accepted nonces between two prunes of the journal.
    static let pruneInterval = 4096

    /// `windowSeconds`: the accepted difference between a request's timestamp and `now`, either way (clamped to
    /// 1 s … 1 day); `lookup`: the key of a currently trusted device.
    public init(
        windowSeconds: Int = 60, now: @escaping @Sendable () -> Date = { Date() }, lookup: @escaping DeviceLookup
    ) {
        // One window for the timestamp check and the nonce memory.
        let windowMillis = Int64(min(max(1, windowSeconds), 86_400)) * 1000
        self.windowMillis = windowMillis
        self.now = now
        self.lookup = lookup
        self.nonces = Mutex(NonceCache(windowMillis: windowMillis))
        self.journal = nil
    }

    /// An authenticator whose nonce memory survives restarts: the nonces `journal` recorded in the last two windows
    /// are restored now, and every nonce accepted from now on is recorded before its request is admitted.
    /// Throws what reading the journal throws.
    public init(
        windowSeconds: Int = 60, now: @escaping @Sendable () -> Date = { Date() }, lookup: @escaping DeviceLookup,
        journal: any NonceJournal
    ) throws {
        let windowMillis = Int64(min(max(1, windowSeconds), 86_400)) * 1000
        self.windowMillis = windowMillis
        self.now = now
        self.lookup = lookup
        self.journal = journal
        let nowMillis = Self.millis(now())
        // Pruned at every start too: a sidecar restarted often might otherwise never reach a prune.
        try journal.pruneNow(beforeMillis: nowMillis - 2 * windowMillis)
        var cache = NonceCache(windowMillis: windowMillis)
        for record in try journal.records(sinceMillis: nowMillis - 2 * windowMillis) {
            _ = cache.insert(
                fingerprint: record.fingerprint, timestampMillis: record.timestampMillis, nowMillis: nowMillis)
        }
        self.nonces = Mutex(cache)
    }

    /// Number of nonces remembered in memory (restored ones included).
    public var rememberedNonces: Int { nonces.withLock { $0.count } }

    private static func millis(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// Authenticates a request; returns the device id on success.
    /// `headers` is looked up case-insensitively through `header`.
    public func authenticate(
        method: String, pathAndQuery: String, body: [UInt8],
        header: (String) -> String?
    ) async -> Result<String, AuthenticationFailure> {
        guard let device = header(SignedRequestHeader.device), let stamp = header(SignedRequestHeader.timestamp),
            let nonce = header(SignedRequestHeader.nonce), let signature = header(SignedRequestHeader.signature)
        else { return .failure(.missingHeaders) }
        // The timestamp must be the canonical decimal text that is signed ("+1…" or "01…" would verify too).
        guard let timestamp = Int64(stamp), String(timestamp) == stamp, nonce.utf8.count >= 16, nonce.utf8.count <= 128,
            device.utf8.count <= 128,
            let signatureBytes = Data(base64Encoded: signature), signatureBytes.count == 64
        else { return .failure(.malformedHeaders) }
        let canonical = CanonicalRequest(
            method: method, pathAndQuery: pathAndQuery, deviceID: device,
            timestampMillis: timestamp, nonce: nonce, body: body)
        guard canonical.isWellFormed else { return .failure(.malformedHeaders) }
        let nowMillis = Self.millis(now())
        // Overflow-checked: an extreme timestamp (Int64.min) must be refused, not trap the sidecar.
        let skew = nowMillis.subtractingReportingOverflow(timestamp)
        guard !skew.overflow, skew.partialValue.magnitude <= windowMillis.magnitude else {
            return .failure(.staleTimestamp)
        }
        guard let key = try? await lookup(device) else { return .failure(.unknownDevice) }
        guard key.verify(signature: Array(signatureBytes), message: canonical.bytes) else {
            return .failure(.badSignature)
        }
        let fingerprint = NonceCache.fingerprint(deviceID: device, nonce: nonce)
        let fresh = nonces.withLock {
            $0.insert(fingerprint: fingerprint, timestampMillis: timestamp, nowMillis: nowMillis)
        }
        guard fresh else {
            return .failure(.replayedNonce)
        }
        if let journal {
            // Journalled before the request runs: a restart from here on cannot make this request new again.
            let durable = !["GET", "HEAD"].contains(canonical.method)
            do {
                try await journal.record(
                    NonceRecord(fingerprint: fingerprint, timestampMillis: timestamp), durable: durable)
            } catch {
                return .failure(.journalUnavailable)
            }
            await pruneJournalNowAndThen(journal, nowMillis: nowMillis)
        }
        return .success(device)
    }

    /// Every ``pruneInterval`` accepted nonces, forgets the journalled ones older than two windows.
    private func pruneJournalNowAndThen(_ journal: any NonceJournal, nowMillis: Int64) async {
        let due = sincePrune.withLock { count in
            count += 1
            guard count >= Self.pruneInterval else { return false }
            count = 0
            return true
        }
        if due { try? await journal.prune(beforeMillis: nowMillis - 2 * windowMillis) }
    }
}
