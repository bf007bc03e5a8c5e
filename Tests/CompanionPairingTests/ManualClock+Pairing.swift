import CompanionPairing
import CompanionTestSupport

extension ManualClock {
    /// This clock as the pairing state machine's clock.
    var pairingClock: PairingClock { PairingClock { self.now } }
}
