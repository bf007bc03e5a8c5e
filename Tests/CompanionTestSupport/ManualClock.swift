import Foundation

/// A clock tests move by hand, injected where code takes a `now` (the sidecar, the pairing state machine) so that
/// codes and signatures expire without waiting.
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    public var now: Date { lock.withLock { current } }

    public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
