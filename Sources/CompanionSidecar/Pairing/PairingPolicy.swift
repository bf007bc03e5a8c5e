/// The numbers pairing security rests on. Defaults: 120 s codes bounded to 30–600 s, 5 attempts.
package struct PairingPolicy: Sendable, Equatable {
    /// Lifetime of a code when `pairing/start` names none.
    package var defaultTTLSeconds: Int
    /// Requested lifetimes are clamped into this range.
    package var ttlRange: ClosedRange<Int>
    /// Failed `pairing/complete` attempts after which the pairing is burned (429).
    package var maxFailedAttempts: Int

    package init(defaultTTLSeconds: Int = 120, ttlRange: ClosedRange<Int> = 30...600, maxFailedAttempts: Int = 5) {
        self.defaultTTLSeconds = defaultTTLSeconds
        self.ttlRange = ttlRange
        self.maxFailedAttempts = maxFailedAttempts
    }

    /// The lifetime used for a requested TTL: the default when absent, else clamped into ``ttlRange``.
    package func effectiveTTL(requested: Int?) -> Int {
        guard let requested else { return defaultTTLSeconds }
        return min(max(requested, ttlRange.lowerBound), ttlRange.upperBound)
    }
}
