import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionPairing

/// Submitting, the sidecar's answer, failures, expiry, retry and reset.
struct PairingSubmitTests {
    let clock = ManualClock(PairingFixtures.start)

    func loaded() throws -> PairingMachine {
        var machine = PairingMachine(clock: clock.pairingClock)
        try machine.loadPayload(PairingFixtures.payloadText())
        return machine
    }

    func submitting() throws -> PairingMachine {
        var machine = try loaded()
        _ = try machine.submit(deviceName: nil, hostName: "laptop", publicKey: PairingFixtures.publicKey)
        return machine
    }

    @Test func submitBuildsTheRequestWithTheHostName() throws {
        var machine = try loaded()
        let request = try machine.submit(deviceName: nil, hostName: "laptop", publicKey: PairingFixtures.publicKey)
        #expect(
            request
                == PairingCompleteRequest(
                    pairingCode: "123456", pairingToken: PairingFixtures.token, deviceName: "laptop",
                    devicePublicKey: PairingFixtures.publicKey))
        #expect(machine.state.name == "submitting")
        #expect(machine.secondsRemaining == 120)
    }

    @Test func explicitNameWinsAndManualHasNoToken() throws {
        var machine = PairingMachine(clock: clock.pairingClock)
        try machine.enterCode("000042")
        let request = try machine.submit(deviceName: "  Pixel 9  ", hostName: "laptop", publicKey: "k")
        #expect(request?.deviceName == "Pixel 9")
        #expect(request?.pairingToken == nil)
        #expect(request?.pairingCode == "000042")
    }

    @Test(arguments: ["", "   ", String(repeating: "n", count: 65), "bad\u{1B}[2Jname"])
    func unusableNameFailsBeforeAnyRequest(name: String) throws {
        var machine = try loaded()
        let request = try machine.submit(deviceName: name, hostName: "laptop", publicKey: "k")
        #expect(request == nil)
        #expect(machine.state == .failed(.invalidDeviceName, ticket: machine.state.ticket))
    }

    @Test func submitAfterExpiryGoesToExpiredWithoutARequest() throws {
        var machine = try loaded()
        clock.advance(by: 120)
        let request = try machine.submit(deviceName: nil, hostName: "laptop", publicKey: "k")
        #expect(request == nil)
        #expect(machine.state.name == "expired")
    }

    @Test func connectedAnswerPairs() throws {
        var machine = try submitting()
        try machine.receive(PairingFixtures.connected)
        #expect(machine.state == .paired(PairingFixtures.device, ticket: machine.state.ticket!))
    }

    @Test(arguments: [
        PairingCompleteResponse(connected: false, connectedDevice: nil),
        PairingCompleteResponse(connected: false, connectedDevice: PairingFixtures.device),
        PairingCompleteResponse(connected: true, connectedDevice: nil),
        PairingCompleteResponse(ok: false, connected: true, connectedDevice: PairingFixtures.device),
    ])
    func anythingButAConfirmedDeviceFails(response: PairingCompleteResponse) throws {
        var machine = try submitting()
        try machine.receive(response)
        #expect(machine.state == .failed(.notConnected, ticket: machine.state.ticket))
    }

    @Test func serverRejectionFails() throws {
        var machine = try submitting()
        try machine.fail(.rejected(code: "wrong_code", message: "The pairing code is not correct."))
        guard case .failed(.rejected(let code, _), _) = machine.state else {
            Issue.record("expected failed(rejected), got \(machine.state)")
            return
        }
        #expect(code == "wrong_code")
        try machine.retry()
        #expect(machine.state == .idle, "a wrong code needs a new code, not the same ticket")
    }

    @Test(arguments: ["pairing_expired", "no_active_pairing"])
    func serverExpiryMovesToExpiredAndAllowsRetry(code: String) throws {
        var machine = try submitting()
        try machine.fail(.rejected(code: code, message: "expired"))
        #expect(machine.state.name == "expired")
        try machine.retry()
        #expect(machine.state == .idle)
        try machine.loadPayload(PairingFixtures.payloadText(expiresAt: PairingFixtures.start.addingTimeInterval(300)))
        #expect(machine.state.name == "payloadLoaded")
    }

    @Test func networkFailureRetriesTheSameTicket() throws {
        var machine = try submitting()
        let ticket = machine.state.ticket
        try machine.fail(.unreachable("connection refused"))
        #expect(machine.state == .failed(.unreachable("connection refused"), ticket: ticket))
        try machine.retry()
        #expect(machine.state == .payloadLoaded(ticket!))
    }

    @Test func retryAfterTheTicketExpiredGoesToExpired() throws {
        var machine = try submitting()
        try machine.fail(.malformedResponse("not JSON"))
        clock.advance(by: 121)
        try machine.retry()
        #expect(machine.state.name == "expired")
    }

    @Test func notConnectedCanBeRetried() throws {
        var machine = try submitting()
        try machine.receive(PairingCompleteResponse(connected: false, connectedDevice: nil))
        try machine.retry()
        #expect(machine.state.name == "payloadLoaded")
    }

    @Test func invalidTransitionsThrow() throws {
        var idle = PairingMachine(clock: clock.pairingClock)
        #expect(throws: PairingTransitionError(event: "receive", state: "idle")) {
            try idle.receive(PairingFixtures.connected)
        }
        #expect(throws: PairingTransitionError(event: "fail", state: "idle")) { try idle.fail(.notConnected) }
        #expect(throws: PairingTransitionError(event: "retry", state: "idle")) { try idle.retry() }
        var inFlight = try submitting()
        #expect(throws: PairingTransitionError.self) { try inFlight.loadPayload(PairingFixtures.payloadText()) }
        #expect(throws: PairingTransitionError.self) { try inFlight.enterCode("123456") }
        #expect(throws: PairingTransitionError.self) { try inFlight.reset() }
        #expect(throws: PairingTransitionError.self) {
            _ = try inFlight.submit(deviceName: nil, hostName: "h", publicKey: "k")
        }
        try inFlight.receive(PairingFixtures.connected)
        #expect(throws: PairingTransitionError.self) { try inFlight.enterCode("123456") }
        #expect(throws: PairingTransitionError.self) { try inFlight.retry() }
        try inFlight.reset()
        #expect(inFlight.state == .idle)
    }

    @Test func failureDescriptionsAreOneLine() {
        let failures: [PairingFailure] = [
            .invalidCode, .invalidPayload(.notJSON), .invalidDeviceName, .notConnected,
            .rejected(code: "wrong_code", message: "no"), .rejected(code: nil, message: "no"), .unreachable("x"),
            .malformedResponse("y"),
        ]
        for failure in failures {
            #expect(!failure.description.isEmpty && !failure.description.contains("\n"))
        }
        #expect(!PairingFailure.invalidCode.canRetrySameTicket)
        #expect(PairingFailure.unreachable("x").canRetrySameTicket)
    }
}
