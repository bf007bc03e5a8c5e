import CompanionPairing
import Foundation

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date

    init(_ start: Date) { time = start }

    func advance(by seconds: TimeInterval) { lock.withLock { time += seconds } }

    var now: Date { lock.withLock { time } }

    var pairingClock: PairingClock { PairingClock { self.now } }
}
