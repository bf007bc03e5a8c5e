import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionDiscovery
import CompanionKit
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The key a companion pinned when it paired over v2, and what a discovery record announces, against real
/// sidecars on loopback: a different key at a pinned address is refused (never paired over v1 instead), a pinned
/// sidecar found under another address is recognised by its key, and a record that announces nothing checkable
/// is untrusted.
@Suite struct PairingPinTests {
    typealias Setup = CompanionKitLiveTests.Setup

    static func port(_ url: String) -> Int { URL(string: url)!.port! }

    /// Pairs `setup.companion` over v2 with the sidecar at `url` (directly or through a relay at `via`).
    static func pairOverV2(_ setup: Setup, sidecar url: String, via address: String? = nil) async throws {
        let code = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start().response.code
        let outcome = try await setup.companion.pair(
            try PairingInvitation(code: code), at: address ?? url, options: PairingV2LiveTests.noQuestions())
        #expect(outcome.pairingVersion == 2)
    }

    static func shortFingerprint(_ key: Ed25519KeyPair) -> String {
        key.publicKey.fingerprint.short.replacingOccurrences(of: " ", with: "")
    }

    /// A fake sidecar whose `/health` says v1 and which would accept a v1 `pairing/complete`.
    static func v1OnlySidecar() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            guard request.path == "/health" else { return .init(status: 404, json: #"{"ok":false}"#) }
            return .init(
                json:
                    #"{"ok":true,"service":"companion-sidecar","version":"0","protocol":"companionkit-pairing","protocolVersion":1}"#
            )
        }
    }

    @Test func anotherSidecarAtThePinnedAddressIsRefusedAndNeverPairedOverV1() async throws {
        let setup = try Setup()
        defer { try? FileManager.default.removeItem(at: setup.directory) }
        let first = try await setup.sidecar.start()
        let url = first.baseURL.absoluteString
        do { try await Self.pairOverV2(setup, sidecar: url) } catch {
            await first.stop()
            throw error
        }
        await first.stop()
        // Another workstation (another key) now answers at the same address.
        let impostor = try Sidecar(
            configuration: SidecarConfiguration(
                host: "127.0.0.1", port: Self.port(url), dataDirectory: setup.directory.appendingPathComponent("other"),
                hostName: "impostor", identity: Ed25519KeyPair.generate()), logLevel: .warning)
        let second = try await impostor.start()
        do {
            #expect(second.baseURL.absoluteString == url)
            let code = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start().response.code
            do {
                _ = try await setup.companion.pair(
                    try PairingInvitation(code: code), at: url, options: PairingV2LiveTests.noQuestions())
                Issue.record("a sidecar with another key at the pinned address was paired")
            } catch {
                #expect(error.kind == .trust, "\(error)")
                #expect(error.message.contains("this device pinned when it paired with it over v2"), "\(error)")
            }
            // Asking for v1 is a downgrade: refused before anything is sent.
            var v1 = PairingOptions(verification: .ask { _ in true }, deviceName: "laptop")
            v1.pairingVersion = .v1
            do {
                _ = try await setup.companion.pair(try PairingInvitation(code: code), at: url, options: v1)
                Issue.record("a pinned v2 address was paired over v1")
            } catch {
                #expect(error.kind == .trust && error.message.contains("refusing to pair over v1"), "\(error)")
            }
            // Nothing cost an attempt, nothing was registered, and the pin is still the first sidecar's key.
            #expect(try await PairingV2LiveTests.attemptsLeft(url) == 5)
            #expect(try await impostor.registry.devices().isEmpty)
            #expect(
                try setup.companion.store.pairing()?.sidecarFingerprint
                    == setup.identity.publicKey.fingerprint.description)
        } catch {
            await second.stop()
            throw error
        }
        await second.stop()
    }

    @Test func aPinnedSidecarUnderANewAddressIsRecognisedByItsKey() async throws {
        let setup = try Setup()
        try await setup.run { url in
            try await Self.pairOverV2(setup, sidecar: url)
            let pinned = Self.shortFingerprint(setup.identity)
            // A record announcing v1 with the pinned key's fp: it is the pinned v2 sidecar, so v1 is refused.
            let fake = try Self.v1OnlySidecar()
            defer { fake.stop() }
            let downgrade = DiscoveryRecord(
                instance: "ws", address: "127.0.0.1", port: fake.port, txt: ["pv=1", "fp=\(pinned)", "ws=ws"])
            do {
                _ = try await setup.companion.pair(
                    try PairingInvitation(code: "123456"), at: downgrade.url,
                    options: PairingV2LiveTests.noQuestions().discovered(downgrade))
                Issue.record("the pinned sidecar's key under a new address was paired over v1")
            } catch let error as CompanionError {
                #expect(error.message.contains("refusing to pair over v1"), "\(error)")
                #expect(error.message.contains("paired with this sidecar over v2"), "\(error)")
            }
            #expect(fake.requests.map(\.path) == ["/health"])
            // The real sidecar under a new address (a relay), announced with its fp: paired, the new URL stored.
            let relay = try RewritingRelay(targetPort: Self.port(url))
            defer { relay.stop() }
            let moved = DiscoveryRecord(
                instance: "ws", address: "127.0.0.1", port: Self.port(relay.baseURL),
                txt: ["pv=2", "fp=\(pinned)", "ws=ws"])
            let code = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start().response.code
            let outcome = try await setup.companion.pair(
                try PairingInvitation(code: code), at: moved.url,
                options: PairingV2LiveTests.noQuestions().discovered(moved))
            #expect(outcome.pairingVersion == 2 && outcome.sidecarURL == relay.baseURL)
        }
    }
}
