import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionKit
import CompanionTestSupport
import Foundation
import Testing

/// The offline dictionary attack on a recorded v2 transcript: an observer tries every one of the 10⁶ codes
/// and looks for anything it can check against the recording. It must find nothing; the same search on the
/// transcript of a broken companion (one that sends its generator as its share) finds the code, so the search
/// is able to succeed.
@Suite struct PairingV2OfflineAttackTests {
    /// What a passive observer recorded of one v2 run.
    struct Transcript {
        let sid: [UInt8]
        let ci: [UInt8]
        let shareA: [UInt8]
        let adA: [UInt8]
        let shareB: [UInt8]
        let adB: [UInt8]
        let tagB: [UInt8]

        init(relay: RewritingRelay) throws {
            let offer = try CompanionJSON.decode(
                PairingOfferResponse.self,
                from: try #require(relay.body(of: "/companion/pairing/v2/offer", response: true)))
            let request = try CompanionJSON.decode(
                PairingExchangeRequest.self,
                from: try #require(relay.body(of: "/companion/pairing/v2/exchange", response: false)))
            let answer = try CompanionJSON.decode(
                PairingExchangeResponse.self,
                from: try #require(relay.body(of: "/companion/pairing/v2/exchange", response: true)))
            sid = try #require(Base64URL.decode(offer.pairingId))
            ci = PairingProtocolV2.channelIdentifier(
                deviceKey: try Ed25519PublicKey(base64: request.devicePublicKey),
                sidecarKey: try Ed25519PublicKey(base64: offer.sidecarPublicKey))
            shareA = try #require(Base64URL.decode(request.share))
            adA = PairingProtocolV2.deviceAssociatedData(deviceName: request.deviceName)
            shareB = try #require(Base64URL.decode(answer.share))
            adB = try #require(Base64URL.decode(answer.sidecarSignature))
            tagB = try #require(Base64URL.decode(answer.confirmation))
        }

        /// True when the sidecar's confirmation tag verifies with `point` taken as the shared secret `K`.
        func tagVerifies(sharedPoint point: [UInt8]) -> Bool {
            let transcript = CPaceEncoding.transcriptIR(ya: shareA, adA: adA, yb: shareB, adB: adB)
            let isk = CPace.intermediateSessionKey(sid: sid, sharedPoint: SecureBytes(point), transcript: transcript)
            let key = CPace.confirmationKey(sid: sid, isk: isk)
            return SHA512.authenticationCode(key: key, message: CPaceEncoding.lvCat(shareB, adB)) == tagB
        }

        /// The codes in `range` the recording lets an observer confirm: the generator of the code appears as a
        /// share, or taking it as `K` makes the sidecar's confirmation verify. The generator string is built once
        /// and only the six digit bytes change (the draft's encoding puts PRS at a fixed offset).
        func confirmableCodes(in range: Range<Int>) -> [String] {
            let template = CPaceEncoding.generatorString(
                dsi: CPace.domainSeparator, prs: PairingProtocolV2.passwordString(code: "000000"), ci: ci, sid: sid,
                blockSize: SHA512.blockSize
            ).withUnsafeBytes { Array($0) }
            let offset = 1 + CPace.domainSeparator.count + 1
            var string = template
            var found: [String] = []
            for number in range {
                var value = number
                for index in (0..<6).reversed() {
                    string[offset + index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                let generator = Ristretto255.elementFromHash(SecureBytes(SHA512.hash(string)))
                    .withUnsafeBytes { Array($0) }
                if generator == shareA || generator == shareB || tagVerifies(sharedPoint: generator) {
                    found.append(String(decoding: string[offset..<offset + 6], as: UTF8.self))
                }
            }
            return found
        }

        /// Searches `range` on both cores.
        func search(_ range: Range<Int>) async -> [String] {
            let middle = range.lowerBound + range.count / 2
            async let low = offPool { confirmableCodes(in: range.lowerBound..<middle) }
            async let high = offPool { confirmableCodes(in: middle..<range.upperBound) }
            return (try? await low + high) ?? ["search failed"]
        }
    }

    @Test func anObserverCannotConfirmAnyOfTheMillionCodes() async throws {
        let setup = try CompanionKitLiveTests.Setup()
        try await setup.run { url in
            let relay = try RewritingRelay(targetPort: PairingV2LiveTests.port(url))
            defer { relay.stop() }
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            let code = started.response.code
            _ = try await setup.companion.pair(
                try PairingInvitation(code: code), at: relay.baseURL, options: PairingV2LiveTests.noQuestions())
            let transcript = try Transcript(relay: relay)
            // The template trick derives the same generator as the protocol does.
            let direct = CPace.generator(
                prs: PairingProtocolV2.passwordString(code: "042017"), ci: transcript.ci, sid: transcript.sid)
            let viaTemplate = Ristretto255.elementFromHash(
                SHA512.hash(
                    CPaceEncoding.generatorString(
                        dsi: CPace.domainSeparator, prs: PairingProtocolV2.passwordString(code: "042017"),
                        ci: transcript.ci, sid: transcript.sid, blockSize: SHA512.blockSize)))
            #expect(direct.constantTimeEquals(viaTemplate))
            // Code-independent guesses at K: the shares themselves.
            #expect(!transcript.tagVerifies(sharedPoint: transcript.shareA))
            #expect(!transcript.tagVerifies(sharedPoint: transcript.shareB))
            let found = await transcript.search(0..<1_000_000)
            #expect(found.isEmpty, "the recorded v2 run let an observer confirm \(found.count) code(s)")
        }
    }

    @Test func theSameSearchFindsTheCodeWhenACompanionLeaksItsGenerator() async throws {
        let setup = try CompanionKitLiveTests.Setup()
        try await setup.run { url in
            let relay = try RewritingRelay(targetPort: PairingV2LiveTests.port(url))
            defer { relay.stop() }
            let code = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start().response.code
            // A broken companion: its share is the generator itself (scalar 1).
            let client = try CompanionAPIClient(baseURL: relay.baseURL, timeout: TestDeadline.seconds)
            let offer = try await client.pairingOffer()
            let device = Ed25519KeyPair.generate().publicKey
            let ci = PairingProtocolV2.channelIdentifier(
                deviceKey: device, sidecarKey: try Ed25519PublicKey(base64: offer.sidecarPublicKey))
            let generator = CPace.generator(
                prs: PairingProtocolV2.passwordString(code: code), ci: ci,
                sid: try #require(Base64URL.decode(offer.pairingId))
            ).withUnsafeBytes { Array($0) }
            _ = try await client.pairingExchange(
                PairingExchangeRequest(
                    pairingId: offer.pairingId, deviceName: "broken", devicePublicKey: device.base64,
                    share: Base64URL.encode(generator)))
            let transcript = try Transcript(relay: relay)
            // K = yb · g = Yb: the tag verifies without any code, and the generator search pins the code. The
            // window holds the code and 9,999 others (a full run is the other test's job; each candidate is
            // checked independently, so the window shows the check fires).
            #expect(transcript.tagVerifies(sharedPoint: transcript.shareB))
            let number = Int(code)!
            let start = min(max(0, number - 5_000), 990_000)
            #expect(await transcript.search(start..<start + 10_000) == [code])
        }
    }
}
