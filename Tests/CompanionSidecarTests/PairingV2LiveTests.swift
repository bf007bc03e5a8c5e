import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionKit
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Pairing v2 (CPace) between the library (`Companion`) and a real sidecar on loopback, with a recording and
/// rewriting relay in the middle where the test needs an observer or an attacker.
@Suite struct PairingV2LiveTests {
    typealias Setup = CompanionKitLiveTests.Setup

    static func port(_ url: String) -> Int { URL(string: url)!.port! }

    static func noQuestions() -> PairingOptions {
        PairingOptions(
            verification: .ask { _ in
                Issue.record("pairing v2 asked for a verification code")
                return false
            }, deviceName: "laptop")
    }

    /// The sidecar's own view of the active pairing (straight to it, not through a relay).
    static func attemptsLeft(_ url: String) async throws -> Int {
        try await (try CompanionAPIClient(baseURL: url, timeout: TestDeadline.seconds)).pairingOffer().attemptsLeft
    }

    @Test func pairsByCodeOverV2AndTheCodeNeverCrossesTheWire() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let relay = try RewritingRelay(targetPort: Self.port(url))
            defer { relay.stop() }
            let health = try await (try CompanionAPIClient(baseURL: url, timeout: TestDeadline.seconds)).health()
            #expect(health.protocolVersion == 2)
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            let code = started.response.code
            let outcome = try await setup.companion.pair(
                try PairingInvitation(code: code), at: relay.baseURL, options: Self.noQuestions())
            #expect(outcome.pairingVersion == 2)
            #expect(
                outcome.sidecarVerification
                    == .codeExchange(fingerprint: setup.identity.publicKey.fingerprint.description))
            #expect(try setup.companion.store.pairing()?.pairingVersion == 2)
            let paths = relay.exchanges.map(\.path)
            #expect(paths.contains("/companion/pairing/v2/confirm") && !paths.contains("/companion/pairing/complete"))
            // What a passive observer saw: no request carries the code.
            #expect(relay.requestBytes.range(of: Data(code.utf8)) == nil)
            // The paired device signs its calls (through the same relay).
            let list = try await setup.companion.devices()
            #expect(list.devices.map(\.id) == [outcome.device.id] && list.devices.first?.name == "laptop")
        }
    }

    @Test func aRelayRewritingTheExchangeFailsToPairAndBurnsAnAttempt() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let startedCode = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start().response
                .code
            #expect(try await Self.attemptsLeft(url) == 5)
            // 1: the relay substitutes its own device key (it wants its key registered).
            let attackerKey = Ed25519KeyPair.generate().publicKey.base64
            let swapDevice = try RewritingRelay(
                targetPort: Self.port(url),
                rewriteRequest: { path, body in
                    guard path.hasSuffix("/v2/exchange"),
                        var request = try? CompanionJSON.decode(PairingExchangeRequest.self, from: body)
                    else { return body }
                    request.devicePublicKey = attackerKey
                    return (try? CompanionJSON.encode(request)) ?? body
                })
            defer { swapDevice.stop() }
            await Self.expectRefused(setup, code: startedCode, url: swapDevice.baseURL)
            #expect(try await Self.attemptsLeft(url) == 4)
            // 2: the relay offers its own sidecar key to the companion.
            let swapSidecar = try RewritingRelay(
                targetPort: Self.port(url),
                rewriteResponse: { path, body in
                    guard path.hasSuffix("/v2/offer"),
                        var offer = try? CompanionJSON.decode(PairingOfferResponse.self, from: body)
                    else { return body }
                    let impostor = Ed25519KeyPair.generate().publicKey
                    offer.sidecarPublicKey = impostor.base64
                    offer.fingerprint = impostor.fingerprint.description
                    return (try? CompanionJSON.encode(offer)) ?? body
                })
            defer { swapSidecar.stop() }
            await Self.expectRefused(setup, code: startedCode, url: swapSidecar.baseURL)
            #expect(try await Self.attemptsLeft(url) == 3)
            // Nothing was registered, nothing stored; the honest companion still pairs directly.
            #expect(try setup.companion.store.pairing() == nil)
            let outcome = try await setup.companion.pair(
                try PairingInvitation(code: startedCode), at: url, options: Self.noQuestions())
            #expect(outcome.pairingVersion == 2)
        }
    }

    @Test func aSidecarKnownToSpeakV2IsNeverPairedOverV1() async throws {
        // A fake sidecar: /health says v1 only; the QR code it is paired from says v2.
        let fake = try LoopbackHTTPServer { request in
            guard request.path == "/health" else { return .init(status: 404, json: #"{"ok":false}"#) }
            return .init(
                json:
                    #"{"ok":true,"service":"companion-sidecar","version":"0","protocol":"companionkit-pairing","protocolVersion":1}"#
            )
        }
        defer { fake.stop() }
        let setup = try Setup()
        let payload = try QRPayload(
            url: fake.baseURL, name: "ws", code: "123456", token: SecureRandom.token(),
            expiresAt: Date().addingTimeInterval(60), fingerprint: setup.identity.publicKey.fingerprint.description,
            pairingVersion: 2
        ).jsonString()
        do {
            _ = try await setup.companion.pair(
                try PairingInvitation(qrPayload: payload), at: fake.baseURL,
                options: PairingOptions(verification: .expected("unused")))
            Issue.record("a v2 sidecar was paired over v1")
        } catch {
            #expect(error.kind == .trust && error.message.contains("refusing to pair over v1"))
        }
        #expect(fake.requests.map(\.path) == ["/health"])
        // Asking for v1 explicitly is refused the same way.
        var v1 = PairingOptions(verification: .expected("unused"))
        v1.pairingVersion = .v1
        await #expect(throws: CompanionError.self) {
            _ = try await setup.companion.pair(try PairingInvitation(qrPayload: payload), at: fake.baseURL, options: v1)
        }
        #expect(!fake.requests.map(\.path).contains("/companion/pairing/complete"))
    }

    @Test func aV1ClientStillPairsWithAV2Sidecar() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            var options = PairingOptions(verification: .ask { _ in true }, deviceName: "old-phone")
            options.pairingVersion = .v1
            let outcome = try await setup.companion.pair(
                try PairingInvitation(code: started.response.code), at: url, options: options)
            #expect(outcome.pairingVersion == 1)
            if case .verificationCode = outcome.sidecarVerification {
            } else {
                Issue.record("v1 did not check the verification code: \(outcome.sidecarVerification)")
            }
        }
    }

    static func expectRefused(_ setup: Setup, code: String, url: String) async {
        do {
            _ = try await setup.companion.pair(try PairingInvitation(code: code), at: url, options: noQuestions())
            Issue.record("a rewritten exchange paired")
        } catch {
            #expect(error.kind == .pairing || error.kind == .trust, "\(error)")
        }
        #expect((try? setup.companion.store.pairing()) == nil)
    }
}
