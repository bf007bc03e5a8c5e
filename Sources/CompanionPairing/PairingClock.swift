import Foundation

/// Where the pairing state machine reads the time, so tests can move it by hand.
public struct PairingClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock reading `now`.
    public init(_ now: @escaping @Sendable () -> Date) { read = now }

    /// The current time.
    public var now: Date { read() }

    /// The system clock.
    public static let system = PairingClock { Date() }
}
