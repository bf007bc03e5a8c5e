import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionPairing

/// Loading a ticket: QR payload or typed code, and the client-side checks made before any request.
struct PairingLoadTests {
    let clock = ManualClock(PairingFixtures.start)

    @Test func startsIdle() {
        let machine = PairingMachine(clock: clock.pairingClock)
        #expect(machine.state == .idle)
        #expect(machine.secondsRemaining == nil)
    }

    @Test func qrPayloadLoadsWithCountdown() throws {
        var machine = PairingMachine(clock: clock.pairingClock)
        try machine.loadPayload(PairingFixtures.payloadText())
        guard case .payloadLoaded(let ticket) = machine.state else {
            Issue.record("expected payloadLoaded, got \(machine.state)")
            return
        }
        #expect(ticket.source == .qr)
        #expect(ticket.code == "123456")
        #expect(ticket.token == PairingFixtures.token)
        #expect(ticket.sidecarURL == "http://192.168.1.20:7878")
        #expect(ticket.workstationName == "workstation")
        #expect(machine.secondsRemaining == 120)
        clock.advance(by: 0.5)
        #expect(machine.secondsRemaining == 120, "rounded up")
        clock.advance(by: 59.5)
        #expect(machine.tick() == 60)
        #expect(machine.state.name == "payloadLoaded")
    }

    @Test func countdownReachingZeroExpires() throws {
        var machine = PairingMachine(clock: clock.pairingClock)
        try machine.loadPayload(PairingFixtures.payloadText())
        clock.advance(by: 119.9)
        #expect(machine.tick() == 1)
        #expect(machine.state.name == "payloadLoaded")
        clock.advance(by: 0.1)
        #expect(machine.tick() == 0)
        #expect(machine.state == .expired(machine.state.ticket!))
    }

    @Test func payloadAlreadyExpiredIsRefused() throws {
        var machine = PairingMachine(clock: clock.pairingClock)
        try machine.loadPayload(PairingFixtures.payloadText(expiresAt: PairingFixtures.start.addingTimeInterval(-1)))
        #expect(machine.state.name == "expired")
        #expect(throws: PairingTransitionError.self) {
            _ = try machine.submit(deviceName: nil, hostName: "h", publicKey: PairingFixtures.publicKey)
        }
    }

    @Test func wrongProtocolOrVersionIsRefused() throws {
        var machine = PairingMachine(clock: clock.pairingClock)
        try machine.loadPayload(PairingFixtures.payloadText(protocol: "otpauth"))
        #expect(machine.state == .failed(.invalidPayload(.wrongProtocol("otpauth")), ticket: nil))
        try machine.loadPayload(PairingFixtures.payloadText(version: 2))
        #expect(machine.state == .failed(.invalidPayload(.unsupportedVersion(2)), ticket: nil))
        try machine.loadPayload("not a payload")
        #expect(machine.state == .failed(.invalidPayload(.notJSON), ticket: nil))
    }

    @Test func manualCodeLoadsWithoutExpiry() throws {
        var machine = PairingMachine(clock: clock.pairingClock)
        try machine.enterCode("654321", sidecarURL: "http://127.0.0.1:7878")
        #expect(
            machine.state
                == .payloadLoaded(PairingTicket(source: .manual, code: "654321", sidecarURL: "http://127.0.0.1:7878")))
        #expect(machine.secondsRemaining == nil)
        clock.advance(by: 100_000)
        #expect(machine.tick() == nil)
        #expect(machine.state.name == "payloadLoaded")
    }

    @Test(arguments: ["", "12345", "1234567", "12a456", " 123456", "١٢٣٤٥٦"])
    func invalidManualCodeFailsBeforeAnyRequest(code: String) throws {
        var machine = PairingMachine(clock: clock.pairingClock)
        try machine.enterCode(code)
        #expect(machine.state == .failed(.invalidCode, ticket: nil))
        #expect(throws: PairingTransitionError.self) {
            _ = try machine.submit(deviceName: nil, hostName: "h", publicKey: PairingFixtures.publicKey)
        }
    }

    @Test func aNewTicketReplacesALoadedOne() throws {
        var machine = PairingMachine(clock: clock.pairingClock)
        try machine.loadPayload(PairingFixtures.payloadText())
        try machine.enterCode("111111")
        #expect(machine.state.ticket?.code == "111111")
        #expect(machine.state.ticket?.source == .manual)
    }

    @Test func ticketHelpers() {
        let ticket = PairingTicket(source: .qr, code: "123456", expiresAt: PairingFixtures.expiry)
        #expect(ticket.secondsRemaining(at: PairingFixtures.expiry.addingTimeInterval(5)) == 0)
        #expect(ticket.isExpired(at: PairingFixtures.expiry))
        #expect(!ticket.isExpired(at: PairingFixtures.expiry.addingTimeInterval(-0.001)))
        #expect(!PairingTicket(source: .manual, code: "123456").isExpired(at: .distantFuture))
    }
}
