import CompanionAPI
import Foundation

/// The pairing state machine: pure logic, no I/O. The caller performs the request that ``submit(deviceName:hostName:publicKey:)``
/// returns and feeds the outcome back with ``receive(_:)`` or ``fail(_:)``.
public struct PairingMachine: Sendable {
    /// The current state.
    public private(set) var state: PairingState = .idle
    /// The clock used for every expiry decision.
    public let clock: PairingClock

    public init(clock: PairingClock = .system) { self.clock = clock }

    /// Loads scanned QR text. Invalid text → `failed(.invalidPayload)`; an expiry already passed → `expired`.
    public mutating func loadPayload(_ text: String) throws(PairingTransitionError) {
        try require(canLoad, "loadPayload")
        let payload: QRPayload
        do { payload = try QRPayload.parse(text) } catch {
            state = .failed(.invalidPayload(error), ticket: nil)
            return
        }
        let ticket = PairingTicket(payload: payload)
        state = ticket.isExpired(at: clock.now) ? .expired(ticket) : .payloadLoaded(ticket)
    }

    /// Loads a typed code (manual path), with the sidecar URL to use if known.
    public mutating func enterCode(_ code: String, sidecarURL: String? = nil) throws(PairingTransitionError) {
        try require(canLoad, "enterCode")
        guard PairingCode.isValid(code) else {
            state = .failed(.invalidCode, ticket: nil)
            return
        }
        state = .payloadLoaded(PairingTicket(source: .manual, code: code, sidecarURL: sidecarURL))
    }

    /// Re-reads the clock: a loaded ticket past its expiry becomes `expired`. Returns the seconds left, if known.
    @discardableResult
    public mutating func tick() -> Int? {
        guard case .payloadLoaded(let ticket) = state else { return state.ticket?.secondsRemaining(at: clock.now) }
        if ticket.isExpired(at: clock.now) { state = .expired(ticket) }
        return ticket.secondsRemaining(at: clock.now)
    }

    /// Seconds left before the loaded ticket expires, if known.
    public var secondsRemaining: Int? {
        switch state {
        case .payloadLoaded(let ticket), .submitting(let ticket): ticket.secondsRemaining(at: clock.now)
        default: nil
        }
    }

    /// Checks the ticket once more and returns the request to send, moving to `submitting`.
    ///
    /// Returns nil (and moves to `expired` or `failed`) when a client-side check fails: nothing is to be sent.
    /// The device name is `deviceName` if given, else the host name.
    public mutating func submit(deviceName: String?, hostName: String, publicKey: String)
        throws(PairingTransitionError) -> PairingCompleteRequest?
    {
        guard case .payloadLoaded(let ticket) = state else { throw transitionError("submit") }
        if ticket.isExpired(at: clock.now) {
            state = .expired(ticket)
            return nil
        }
        guard PairingCode.isValid(ticket.code) else {
            state = .failed(.invalidCode, ticket: nil)
            return nil
        }
        guard let name = DeviceName.resolve(explicit: deviceName, hostName: hostName) else {
            state = .failed(.invalidDeviceName, ticket: ticket)
            return nil
        }
        state = .submitting(ticket)
        return PairingCompleteRequest(
            pairingCode: ticket.code, pairingToken: ticket.token, deviceName: name, devicePublicKey: publicKey)
    }

    /// Feeds the sidecar's answer. Only `ok`, `connected: true` with a device is a pairing; anything else fails.
    public mutating func receive(_ response: PairingCompleteResponse) throws(PairingTransitionError) {
        guard case .submitting(let ticket) = state else { throw transitionError("receive") }
        if response.ok, response.connected, let device = response.connectedDevice {
            state = .paired(device, ticket: ticket)
        } else {
            state = .failed(.notConnected, ticket: ticket)
        }
    }

    /// Feeds a failed request. A sidecar answer saying the code expired moves to `expired`.
    public mutating func fail(_ failure: PairingFailure) throws(PairingTransitionError) {
        guard case .submitting(let ticket) = state else { throw transitionError("fail") }
        if case .rejected(let code?, _) = failure, PairingFailure.expiryCodes.contains(code) {
            state = .expired(ticket)
        } else {
            state = .failed(failure, ticket: ticket)
        }
    }

    /// After a failure that was not the ticket's fault, loads the same ticket again (or `expired` if its time is
    /// up). Otherwise returns to `idle`, ready for a new code.
    public mutating func retry() throws(PairingTransitionError) {
        switch state {
        case .failed(let failure, let ticket?) where failure.canRetrySameTicket:
            state = ticket.isExpired(at: clock.now) ? .expired(ticket) : .payloadLoaded(ticket)
        case .failed, .expired: state = .idle
        default: throw transitionError("retry")
        }
    }

    /// Abandons the attempt from any state except `submitting`.
    public mutating func reset() throws(PairingTransitionError) {
        if case .submitting = state { throw transitionError("reset") }
        state = .idle
    }

    /// A new ticket may be loaded when nothing is in flight and nothing is paired yet.
    private var canLoad: Bool {
        switch state {
        case .idle, .payloadLoaded, .failed, .expired: true
        case .submitting, .paired: false
        }
    }

    private func require(_ condition: Bool, _ event: String) throws(PairingTransitionError) {
        if !condition { throw transitionError(event) }
    }

    private func transitionError(_ event: String) -> PairingTransitionError {
        PairingTransitionError(event: event, state: state.name)
    }
}
