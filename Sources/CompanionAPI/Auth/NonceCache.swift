/// Nonces seen within the acceptance window, per device, so a captured request cannot be replayed.
///
/// Only nonces of requests whose signature verified are inserted, so an attacker cannot fill it.
/// Entries older than the window are pruned; a nonce can only be replayed after its timestamp has
/// left the window, at which point the timestamp check refuses it anyway.
struct NonceCache: Sendable {
    private var seen: [String: Int64] = [:]
    private var oldest: Int64 = .max
    /// Width of the acceptance window, in milliseconds.
    let windowMillis: Int64
    /// Upper bound on remembered nonces; past it, new requests are refused until old ones expire.
    let capacity: Int

    init(windowMillis: Int64, capacity: Int = 200_000) {
        self.windowMillis = windowMillis
        self.capacity = capacity
    }

    /// Records `nonce` for `deviceID`; false when it was already seen (a replay) or the cache is full.
    mutating func insert(deviceID: String, nonce: String, timestampMillis: Int64, nowMillis: Int64) -> Bool {
        prune(nowMillis: nowMillis)
        let key = deviceID + "\n" + nonce
        guard seen[key] == nil, seen.count < capacity else { return false }
        seen[key] = timestampMillis
        oldest = min(oldest, timestampMillis)
        return true
    }

    /// Number of remembered nonces.
    var count: Int { seen.count }

    private mutating func prune(nowMillis: Int64) {
        let horizon = nowMillis - 2 * windowMillis
        guard oldest < horizon else { return }
        seen = seen.filter { $0.value >= horizon }
        oldest = seen.values.min() ?? .max
    }
}
