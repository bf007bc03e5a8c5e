import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionKit
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The attempt limit of pairing v2 on a live sidecar: failed runs burn the pairing, parallel exchanges get no more
/// tags than the limit, and a failed confirmation says how many attempts are left.
extension PairingV2LiveTests {
    @Test func fiveFailedV2RunsBurnThePairing() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            let wrong = otherCode(than: started.response.code)
            for run in 0..<5 {
                do {
                    _ = try await setup.companion.pair(
                        try PairingInvitation(code: wrong), at: url, options: Self.noQuestions())
                    Issue.record("a wrong code paired")
                } catch let error as CompanionError {
                    #expect(error.kind == .pairing && error.message.contains("did not prove it knows this code"))
                    // The hint counts down from the sidecar's offer: 4 attempts, …, 1 attempt, 0 attempts.
                    let left = 4 - run
                    let words = left == 1 ? "(1 attempt left" : "(\(left) attempts left"
                    #expect(error.hint?.contains(words) == true, "\(error.hint ?? "no hint")")
                }
            }
            do {
                _ = try await setup.companion.pair(
                    try PairingInvitation(code: started.response.code), at: url, options: Self.noQuestions())
                Issue.record("a burned pairing completed")
            } catch let error as CompanionError {
                #expect(error.clientError.map { "\($0)" }?.contains("pairing_burned") == true)
            }
        }
    }

    /// Each exchange answer carries the sidecar's confirmation tag, against which a guess can be checked offline,
    /// so each must cost one attempt even when many arrive at once: 20 parallel exchanges with a wrong code get
    /// exactly 5 tags, the other 15 are refused as burned, and the pairing stays burned.
    @Test func parallelExchangesGetNoMoreTagsThanTheAttemptLimit() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            let wrong = otherCode(than: started.response.code)
            let offer = try await (try CompanionAPIClient(baseURL: url, timeout: TestDeadline.seconds)).pairingOffer()
            let sidecarKey = try Ed25519PublicKey(base64: offer.sidecarPublicKey)
            let sid = try #require(Base64URL.decode(offer.pairingId))
            // Every request and client is made first, so the 20 requests leave together.
            let attempts = try (0..<20).map { index in
                let device = Ed25519KeyPair.generate().publicKey
                let party = CPaceParty(
                    role: .initiator, prs: PairingProtocolV2.passwordString(code: wrong),
                    ci: PairingProtocolV2.channelIdentifier(deviceKey: device, sidecarKey: sidecarKey), sid: sid)
                let request = PairingExchangeRequest(
                    pairingId: offer.pairingId, deviceName: "guess-\(index)", devicePublicKey: device.base64,
                    share: Base64URL.encode(party.share))
                // A deadline far above the 10 s default: the sidecar answers the 20 one after another, each after
                // writing its audit entry, which under load (two CPU hogs and a build beside the suite) took more
                // than 10 s for the last four. The test counts tags and refusals; it does not time them.
                return (request, try CompanionAPIClient(baseURL: url, timeout: TestDeadline.seconds))
            }
            let outcomes = await withTaskGroup(of: String.self) { group in
                for (request, client) in attempts {
                    group.addTask {
                        do {
                            let answer = try await client.pairingExchange(request)
                            return Base64URL.decode(answer.confirmation)?.isEmpty == false ? "tag" : "no tag"
                        } catch let error as CompanionClientError {
                            return error.serverCode ?? "\(error)"
                        } catch {
                            return "\(error)"
                        }
                    }
                }
                var all: [String] = []
                for await outcome in group { all.append(outcome) }
                return all
            }
            let tags = outcomes.filter { $0 == "tag" }.count
            #expect(tags == 5, "\(tags) of 20 parallel exchanges got a confirmation tag: \(outcomes)")
            #expect(outcomes.filter { $0 == APIErrorCode.pairingBurned.rawValue }.count == 15, "\(outcomes)")
            // Burned: even the right code no longer pairs.
            do {
                _ = try await setup.companion.pair(
                    try PairingInvitation(code: started.response.code), at: url, options: Self.noQuestions())
                Issue.record("the pairing survived 20 parallel exchanges")
            } catch let error as CompanionError {
                #expect(error.clientError?.serverCode == APIErrorCode.pairingBurned.rawValue, "\(error)")
            }
            // Every answered exchange is in the audit log.
            let audit = try await setup.sidecar.registry.auditLog()
            #expect(audit.filter { $0.event == .pairingExchange }.count == 5)
        }
    }

    /// A confirmation that does not check is 401 `wrong_code` with the attempts left, singular at one.
    @Test func aFailedConfirmationSaysHowManyAttemptsAreLeft() async throws {
        let setup = try Setup()
        try await setup.run { url in
            _ = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            let client = try CompanionAPIClient(baseURL: url, timeout: TestDeadline.seconds)
            var messages: [String] = []
            for index in 0..<4 {
                let offer = try await client.pairingOffer()
                let device = Ed25519KeyPair.generate().publicKey
                let party = CPaceParty(
                    role: .initiator, prs: PairingProtocolV2.passwordString(code: "000000"),
                    ci: PairingProtocolV2.channelIdentifier(
                        deviceKey: device, sidecarKey: try Ed25519PublicKey(base64: offer.sidecarPublicKey)),
                    sid: try #require(Base64URL.decode(offer.pairingId)))
                let answer = try await client.pairingExchange(
                    PairingExchangeRequest(
                        pairingId: offer.pairingId, deviceName: "guess-\(index)", devicePublicKey: device.base64,
                        share: Base64URL.encode(party.share)))
                do {
                    _ = try await client.pairingConfirm(
                        PairingConfirmRequest(
                            pairingId: offer.pairingId, exchangeId: answer.exchangeId,
                            confirmation: Base64URL.encode([UInt8](repeating: 7, count: 64))))
                    Issue.record("a made-up confirmation was accepted")
                } catch let error as CompanionClientError {
                    #expect(error.serverCode == APIErrorCode.wrongCode.rawValue)
                    messages.append("\(error)")
                }
            }
            #expect(messages.count == 4)
            #expect(messages.first?.contains("(4 attempts left)") == true, "\(messages)")
            #expect(messages.dropFirst(2).first?.contains("(2 attempts left)") == true, "\(messages)")
            #expect(messages.last?.contains("(1 attempt left)") == true, "\(messages)")
        }
    }
}
