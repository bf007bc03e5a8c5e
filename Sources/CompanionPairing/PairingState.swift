import CompanionAPI

/// The states of one pairing attempt.
///
/// ```
/// idle ─load─▶ payloadLoaded ─submit─▶ submitting ─answer─▶ paired
///   ▲              │ tick past expiry        │ error / connected:false
///   │              ▼                         ▼
///   └──reset── expired ◀── server 410 ── failed(reason) ──retry──▶ payloadLoaded
/// ```
public enum PairingState: Sendable, Equatable {
    /// Nothing loaded yet.
    case idle
    /// A ticket is ready to submit; its expiry counts down.
    case payloadLoaded(PairingTicket)
    /// The `pairing/complete` request is in flight.
    case submitting(PairingTicket)
    /// The sidecar confirmed the pairing and reported this device.
    case paired(CompanionDevice, ticket: PairingTicket)
    /// The attempt failed; the ticket, if any, is kept for a retry.
    case failed(PairingFailure, ticket: PairingTicket?)
    /// The code expired (client clock or the sidecar said so); a new code is needed.
    case expired(PairingTicket)

    /// A short name of the state, for messages and `--json`.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .payloadLoaded: "payloadLoaded"
        case .submitting: "submitting"
        case .paired: "paired"
        case .failed: "failed"
        case .expired: "expired"
        }
    }

    /// The ticket the state holds, if any.
    public var ticket: PairingTicket? {
        switch self {
        case .idle: nil
        case .payloadLoaded(let ticket), .submitting(let ticket), .expired(let ticket): ticket
        case .paired(_, let ticket): ticket
        case .failed(_, let ticket): ticket
        }
    }
}

/// An event that does not apply in the current state (a programming error in the caller, never user input).
public struct PairingTransitionError: Error, Sendable, Equatable, CustomStringConvertible {
    public let event: String
    public let state: String

    public var description: String { "pairing: '\(event)' is not possible in state '\(state)'" }
}
