import CompanionAPI
import CompanionPairing
import CompanionQR

/// What the workstation offered: a typed 6-digit code, or the payload of its QR code (code, token, URL,
/// workstation name, the sidecar's key fingerprint, expiry). Checked when it is made; pass it to
/// ``Companion/pair(_:at:options:)``.
public struct PairingInvitation: Sendable {
    /// The pairing state machine, loaded.
    var machine: PairingMachine

    /// The loaded ticket: where it came from, the sidecar URL and workstation name it names, its expiry.
    public var ticket: PairingTicket {
        guard let ticket = machine.state.ticket else { preconditionFailure("an invitation always holds a ticket") }
        return ticket
    }

    /// A typed code (surrounding white space is ignored).
    public init(code: String, clock: PairingClock = .system) throws(CompanionError) {
        var machine = PairingMachine(clock: clock)
        Self.transition { () throws(PairingTransitionError) in
            try machine.enterCode(code.trimmingCharacters(in: .whitespaces))
        }
        try Self.check(machine.state)
        self.machine = machine
    }

    /// The text of a scanned pairing QR code.
    public init(qrPayload: String, clock: PairingClock = .system) throws(CompanionError) {
        var machine = PairingMachine(clock: clock)
        Self.transition { () throws(PairingTransitionError) in try machine.loadPayload(qrPayload) }
        try Self.check(machine.state)
        self.machine = machine
    }

    /// The pairing QR code in an image file (PNG, JPEG, PGM/PPM). With several codes in the image, the first
    /// that is a pairing payload is used.
    public init(qrImage path: String, clock: PairingClock = .system) throws(CompanionError) {
        let decoded: [DecodedQR]
        do { decoded = try QRDecoder().decode(file: path) } catch { throw CompanionError.from(error) }
        let texts = decoded.compactMap(\.text)
        let text = texts.first { (try? QRPayload.parse($0)) != nil } ?? texts.first ?? ""
        try self.init(qrPayload: text, clock: clock)
    }

    /// Throws the failure a failed or expired state stands for; does nothing otherwise.
    static func check(_ state: PairingState) throws(CompanionError) {
        switch state {
        case .failed(let failure, _): throw CompanionError.from(failure)
        case .expired(let ticket): throw CompanionError.expired(ticket)
        default: return
        }
    }

    /// Runs a transition that cannot fail from the state it is made in (a fresh machine accepts a code or a
    /// payload); a failure would be a programming error.
    private static func transition(_ body: () throws(PairingTransitionError) -> Void) {
        do { try body() } catch { preconditionFailure("\(error)") }
    }
}
