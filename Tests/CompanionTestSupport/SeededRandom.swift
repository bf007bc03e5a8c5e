import Foundation

/// A reproducible random generator (SplitMix64) for tests that choose something at random: seeded from
/// `COMPANION_TEST_SEED` when set, else at random. Put ``note`` in failure messages, so a failing run can be
/// repeated with the same choices.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64? = nil) {
        let fromEnvironment = ProcessInfo.processInfo.environment["COMPANION_TEST_SEED"].flatMap { UInt64($0) }
        self.seed = seed ?? fromEnvironment ?? UInt64.random(in: 0...UInt64.max)
        state = self.seed
    }

    /// How to repeat this run: `COMPANION_TEST_SEED=<seed>`.
    public var note: String { "COMPANION_TEST_SEED=\(seed)" }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
