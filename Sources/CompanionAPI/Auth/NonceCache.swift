import CompanionCrypto

/// Nonces seen within the acceptance window, per device, so a captured request cannot be replayed.
///
/// Only nonces of requests whose signature verified are inserted, so an attacker cannot fill it.
///
/// Each entry is a 64-bit fingerprint of device id and nonce (``fingerprint(deviceID:nonce:)``, the first 8 bytes of
/// a SHA-256 digest, the same in every process so that a ``NonceJournal`` can restore it after a restart), filed
/// under the bucket of the request's timestamp: a replay carries the same
/// signed timestamp, so one bucket is looked up; whole buckets are dropped once every timestamp in them is
/// older than twice the window (when the timestamp check refuses them anyway, with room for a clock step
/// back), and timestamps in dropped buckets are refused from then on, whatever the clock says later.
/// Inserting and pruning cost O(1) however many nonces are remembered. Two different nonces with the
/// same fingerprint (chance about n² / 2⁶⁵) make the second request look like a replay: refused, never
/// admitted.
struct NonceCache: Sendable {
    private var buckets: [Int64: Set<UInt64>] = [:]
    private var oldestBucket: Int64 = .max
    /// Buckets below this were dropped: a timestamp in them is refused, even if the clock steps back.
    private var firstKeptBucket: Int64 = .min
    /// Number of remembered nonces.
    private(set) var count = 0
    /// Width of the acceptance window, in milliseconds.
    let windowMillis: Int64
    /// Width of a bucket, in milliseconds.
    let bucketMillis: Int64
    /// Upper bound on remembered nonces; past it, new requests are refused until old ones expire.
    let capacity: Int

    /// The default capacity: over the two-minute memory of a ±60 s window, about 8,300 signed requests per
    /// second, in about 16 MB.
    static let defaultCapacity = 1_000_000

    init(windowMillis: Int64, capacity: Int = NonceCache.defaultCapacity) {
        self.windowMillis = max(1, windowMillis)
        self.bucketMillis = max(1, self.windowMillis / 6)
        self.capacity = capacity
    }

    /// Records `nonce` for `deviceID`; false when it was already seen (a replay) or the cache is full.
    mutating func insert(deviceID: String, nonce: String, timestampMillis: Int64, nowMillis: Int64) -> Bool {
        insert(
            fingerprint: Self.fingerprint(deviceID: deviceID, nonce: nonce), timestampMillis: timestampMillis,
            nowMillis: nowMillis)
    }

    /// Records a fingerprint (see ``fingerprint(deviceID:nonce:)``); false when it was already seen or the cache
    /// is full. Also how a restarted sidecar restores the nonces its journal kept.
    mutating func insert(fingerprint: UInt64, timestampMillis: Int64, nowMillis: Int64) -> Bool {
        prune(nowMillis: nowMillis)
        let bucket = Self.floorDivide(timestampMillis, bucketMillis)
        // Its nonces may have been forgotten: never accept what could be a replay (a clock stepped forward by more
        // than the window, pruned, then stepped back would otherwise reopen them).
        guard bucket >= firstKeptBucket else { return false }
        if buckets[bucket]?.contains(fingerprint) == true { return false }
        guard count < capacity else { return false }
        buckets[bucket, default: []].insert(fingerprint)
        oldestBucket = min(oldestBucket, bucket)
        count += 1
        return true
    }

    /// The 64-bit fingerprint of a device's nonce: the first 8 bytes (big-endian) of
    /// SHA-256(length of `deviceID` as 2 bytes ‖ `deviceID` ‖ `nonce`), both as UTF-8. Stable across processes, so
    /// journalled fingerprints mean the same after a restart; nonces are random, so a paired device cannot aim a
    /// collision at another device's future nonce (and a collision only refuses, never admits).
    static func fingerprint(deviceID: String, nonce: String) -> UInt64 {
        let device = Array(deviceID.utf8)
        var message = [UInt8(truncatingIfNeeded: device.count >> 8), UInt8(truncatingIfNeeded: device.count)]
        message.append(contentsOf: device)
        message.append(contentsOf: nonce.utf8)
        return SHA256.hash(message).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// Drops the buckets whose every timestamp is before `now - 2 × window`.
    private mutating func prune(nowMillis: Int64) {
        let horizon = nowMillis.subtractingReportingOverflow(2 * windowMillis)
        guard !horizon.overflow else { return }
        let firstKept = Self.floorDivide(horizon.partialValue, bucketMillis)
        firstKeptBucket = max(firstKeptBucket, firstKept)
        guard oldestBucket < firstKept else { return }
        for bucket in buckets.keys where bucket < firstKept {
            count -= buckets.removeValue(forKey: bucket)?.count ?? 0
        }
        oldestBucket = buckets.keys.min() ?? .max
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
