import CompanionAPI
import CompanionCrypto
import Foundation

/// The one pairing that may be completed: its secrets, deadline and attempt count.
struct ActivePairing: Sendable {
    enum State: Sendable, Equatable {
        /// Waiting for a device.
        case open
        /// A complete with the right code is being committed; others are refused as used.
        case completing
        /// Completed: single use.
        case used
        /// Too many failed attempts.
        case burned
    }

    /// Distinguishes pairings so an in-flight completion never touches a newer one.
    let serial: UInt64
    let code: String
    let token: String
    let expiresAt: Date
    /// The v2 pairing id (CPace `sid`): 16 random bytes, public.
    let pairingID: [UInt8]
    /// What the device that pairs may do.
    var scopes: Set<DeviceScope> = DeviceScope.pairingDefault
    var failedAttempts = 0
    var state = State.open
    /// The v2 run waiting for the companion's confirmation (at most one; a new exchange replaces it).
    var exchange: PendingExchange?

    /// A fresh pairing: a 6-digit code drawn uniformly (`randombytes_uniform`, no modulo bias) and a 256-bit token.
    static func generate(serial: UInt64, expiresAt: Date) -> ActivePairing {
        let number = SecureRandom.uniform(1_000_000)
        let digits = String(number)
        let code = String(repeating: "0", count: 6 - digits.count) + digits
        return ActivePairing(
            serial: serial, code: code, token: SecureRandom.token(), expiresAt: expiresAt,
            pairingID: SecureRandom.bytes(PairingProtocolV2.pairingIDLength))
    }

    /// Checks a code and optional token in constant time. Both comparisons always run.
    func check(code candidate: String, token candidateToken: String?) -> CheckResult {
        let codeMatches = ConstantTime.equals(Array(candidate.utf8), Array(code.utf8))
        let tokenMatches = candidateToken.map { ConstantTime.equals(Array($0.utf8), Array(token.utf8)) } ?? true
        if !codeMatches { return .wrongCode }
        return tokenMatches ? .match : .wrongToken
    }

    enum CheckResult { case match, wrongCode, wrongToken }
}
