import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionDiscovery
import CompanionKit
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Discovery records against the pin: a record announcing another key, or without a valid fingerprint or version,
/// is refused or left untrusted, and v1 pairing checks the discovered fingerprint against the pairing proof.
extension PairingPinTests {
    @Test func aRecordAnnouncingAnotherKeyAtThePinnedAddressIsRefusedBeforeAnythingIsSent() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let relay = try RewritingRelay(targetPort: Self.port(url))
            defer { relay.stop() }
            try await Self.pairOverV2(setup, sidecar: url, via: relay.baseURL)
            let sent = relay.exchanges.count
            let record = DiscoveryRecord(
                instance: "ws", address: "127.0.0.1", port: Self.port(relay.baseURL),
                txt: ["pv=2", "fp=0123456789ABCDEF", "ws=ws"])
            _ = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            do {
                _ = try await setup.companion.pair(
                    try PairingInvitation(code: "123456"), at: record.url,
                    options: PairingV2LiveTests.noQuestions().discovered(record))
                Issue.record("a record announcing another key at the pinned address was trusted")
            } catch let error as CompanionError {
                #expect(
                    error.kind == .trust && error.message.contains("announces the key 0123456789ABCDEF"), "\(error)")
            }
            #expect(relay.exchanges.count == sent)
        }
    }

    @Test func aRecordWithoutAValidFingerprintOrVersionIsUntrustedAndNeverPairsOverV1() async throws {
        let setup = try Setup()
        let fake = try Self.v1OnlySidecar()
        defer { fake.stop() }
        for txt in [
            ["pv=2", "ws=ws"], ["pv=1", "fp=xyz", "ws=ws"], ["fp=0123456789ABCDEF"], ["pv=one", "fp=0123456789ABCDEF"],
        ] {
            let record = DiscoveryRecord(instance: "ws", address: "127.0.0.1", port: fake.port, txt: txt)
            do {
                _ = try await setup.companion.pair(
                    try PairingInvitation(code: "123456"), at: record.url,
                    options: PairingOptions(verification: .ask { _ in true }).discovered(record))
                Issue.record("a record with TXT \(txt) was paired over v1")
            } catch {
                #expect(error.kind == .trust, "\(txt): \(error)")
                #expect(error.message.contains("no valid pairing version or fingerprint"), "\(txt): \(error)")
            }
        }
        #expect(Set(fake.requests.map(\.path)) == ["/health"])
        // Against a real sidecar the same record pairs, over v2 (which proves the sidecar knows the code).
        try await setup.run { url in
            let record = DiscoveryRecord(
                instance: "ws", address: "127.0.0.1", port: Self.port(url), txt: ["pv=1", "ws=ws"])
            let code = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start().response.code
            let outcome = try await setup.companion.pair(
                try PairingInvitation(code: code), at: record.url,
                options: PairingV2LiveTests.noQuestions().discovered(record))
            #expect(outcome.pairingVersion == 2)
        }
    }

    @Test func v1ChecksTheDiscoveredFingerprintAgainstThePairingProof() async throws {
        let setup = try Setup()
        try await setup.run { url in
            var options = PairingOptions(verification: .ask { _ in true }, deviceName: "old-phone")
            options.pairingVersion = .v1
            let wrong = DiscoveryRecord(
                instance: "ws", address: "127.0.0.1", port: Self.port(url),
                txt: ["pv=1", "fp=0123456789ABCDEF", "ws=ws"])
            let first = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start().response.code
            do {
                _ = try await setup.companion.pair(
                    try PairingInvitation(code: first), at: wrong.url, options: options.discovered(wrong))
                Issue.record("v1 trusted a sidecar whose key is not the announced one")
            } catch let error as CompanionError {
                #expect(error.kind == .trust && error.message.contains("not the one discovery announced"), "\(error)")
            }
            #expect(try setup.companion.store.pairing() == nil)
            let right = DiscoveryRecord(
                instance: "ws", address: "127.0.0.1", port: Self.port(url),
                txt: ["pv=1", "fp=\(Self.shortFingerprint(setup.identity).lowercased())", "ws=ws"])
            let second = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start().response.code
            let outcome = try await setup.companion.pair(
                try PairingInvitation(code: second), at: right.url, options: options.discovered(right))
            #expect(outcome.pairingVersion == 1)
        }
    }

    @Test func discoveryTXTParsing() {
        func record(_ txt: [String]) -> DiscoveryRecord {
            DiscoveryRecord(instance: "i", address: "10.0.0.2", port: 7878, txt: txt)
        }
        let good = record(["pv=2", "fp=0123456789abcdef", "ws=my=box", "other=1"])
        #expect(good.pairingVersion == 2 && good.shortFingerprint == "0123456789ABCDEF" && good.workstation == "my=box")
        #expect(good.url == "http://10.0.0.2:7878")
        #expect(DiscoveryRecord(instance: "i", address: "fe80::1", port: 1, txt: []).url == "http://[fe80::1]:1")
        // Malformed values read as absent.
        for bad in ["pv=0", "pv=-2", "pv=two", "pv=", "pv", "pv=99999"] {
            #expect(record([bad]).pairingVersion == nil, "\(bad)")
        }
        for bad in ["fp=0123456789ABCDE", "fp=0123456789ABCDEF0", "fp=0123456789ABCDEG", "fp=", "fp"] {
            #expect(record([bad]).shortFingerprint == nil, "\(bad)")
        }
        #expect(record(["ws=" + String(repeating: "x", count: 300)]).workstation?.count == 200)
        // What the sidecar advertises reads back as itself.
        let advertised = DiscoveryRecord.txt(
            pairingVersion: 2, shortFingerprint: "0123456789ABCDEF", workstation: "box")
        let back = record(advertised)
        #expect(back.pairingVersion == 2 && back.shortFingerprint == "0123456789ABCDEF" && back.workstation == "box")
    }
}
