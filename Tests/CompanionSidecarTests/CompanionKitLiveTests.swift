import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionKit
import CompanionPairing
import CompanionSidecar
import CompanionTestSupport
import CompanionVault
import Foundation
import Synchronization
import Testing

/// The library API (`Companion`) against a real sidecar with an identity key and signed requests enforced,
/// served on a loopback port, with a real file vault: what an app embedding CompanionKit does.
@Suite struct CompanionKitLiveTests {
    /// A sidecar with an identity on a fresh data directory, and a companion with a fresh file vault.
    struct Setup {
        let directory: URL
        let identity = Ed25519KeyPair.generate()
        let sidecar: Sidecar
        let companion: Companion

        init() throws {
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("companionkit-live-\(UUID().uuidString)")
            var configuration = SidecarConfiguration(
                host: "127.0.0.1", port: 0, dataDirectory: directory.appendingPathComponent("sidecar"),
                hostName: "test-workstation", identity: identity)
            configuration.requireSignedRequests = true
            sidecar = try Sidecar(configuration: configuration, logLevel: .warning)
            companion = try LiveCompanion.companion(in: directory)
        }

        func run(_ body: (String) async throws -> Void) async throws {
            try await LiveCompanion.serve(sidecar, removing: directory, body)
        }
    }

    /// Pairing v1 (the brief's `pairing/complete`, as a v1 client does): the verification code is checked.
    @Test func pairByCodeConfirmsTheVerificationCodeThenSignsEveryCall() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let workstation = try WorkstationPairing(url: url, timeout: TestDeadline.seconds)
            // Every scope: admin is paired through the owner socket (loopback TCP refuses it), as the CLI does.
            let owner = OwnerControl(
                dataDirectory: setup.directory.appendingPathComponent("sidecar"), timeout: TestDeadline.seconds)
            let started = try await workstation.start {
                try await owner.startPairing(ttlSeconds: nil, scopes: DeviceScope.all)
            }
            let shown = Mutex<String?>(nil)
            var options = PairingOptions(
                verification: .ask { code in
                    shown.withLock { $0 = code }
                    return true
                }, deviceName: "laptop")
            options.pairingVersion = .v1
            let outcome = try await setup.companion.pair(
                try PairingInvitation(code: started.response.code), at: url, options: options)
            let code = try #require(shown.withLock { $0 })
            #expect(outcome.sidecarVerification == .verificationCode(code))
            #expect(outcome.device.name == "laptop" && outcome.identityCreated)
            // The workstation shows the same code for the same device.
            var paired: (CompanionDevice, String?)?
            for try await event in workstation.events(for: started, every: .milliseconds(50)) {
                if case .paired(let device, let verificationCode) = event { paired = (device, verificationCode) }
            }
            #expect(paired?.0.id == outcome.device.id && paired?.1 == code)

            // Signed calls work; the stored URL is used when none is given.
            let list = try await setup.companion.devices()
            #expect(list.devices.map(\.id) == [outcome.device.id] && list.thisDeviceId == outcome.device.id)
            #expect(try await setup.companion.status().thisDeviceConnected)

            // Revoking itself forgets the pairing; the sidecar then refuses this device.
            let revocation = try await setup.companion.revoke(deviceID: outcome.device.id)
            #expect(revocation.thisDevice)
            #expect(try setup.companion.store.pairing() == nil)
            await #expect(throws: CompanionError.self) { _ = try await setup.companion.devices() }
        }
    }

    @Test func aVerificationCodeThatDiffersStoresNothing() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            do {
                var options = PairingOptions(verification: .expected("0000-0000"))
                options.pairingVersion = .v1
                _ = try await setup.companion.pair(
                    try PairingInvitation(code: started.response.code), at: url, options: options)
                Issue.record("a wrong verification code was accepted")
            } catch let error as CompanionError {
                #expect(error.kind == .trust)
            }
            #expect(try setup.companion.store.pairing() == nil)
            #expect(try setup.companion.store.sidecarURL() == nil)
        }
    }

    @Test func aQRPayloadPinsTheSidecarWithoutAskingAnything() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            let outcome = try await setup.companion.pair(
                try PairingInvitation(qrPayload: started.response.qrPayload), at: url,
                options: PairingOptions(
                    verification: .ask { _ in
                        Issue.record("the QR path asked for a verification code")
                        return false
                    }))
            #expect(outcome.method == "qr")
            #expect(
                outcome.sidecarVerification
                    == .pinnedByQRCode(fingerprint: setup.identity.publicKey.fingerprint.description))
            #expect(try setup.companion.store.pairing()?.sidecarFingerprint != nil)
        }
    }

    @Test func aQRCodeNamingAnotherSidecarIsRefused() async throws {
        let setup = try Setup()
        try await setup.run { url in
            let started = try await WorkstationPairing(url: url, timeout: TestDeadline.seconds).start()
            var payload = try QRPayload.parse(started.response.qrPayload)
            payload.fingerprint = Ed25519KeyPair.generate().publicKey.fingerprint.description
            let forged = try payload.jsonString()
            do {
                _ = try await setup.companion.pair(
                    try PairingInvitation(qrPayload: forged), at: url,
                    options: PairingOptions(verification: .expected("unused")))
                Issue.record("a QR code naming another sidecar was trusted")
            } catch let error as CompanionError {
                #expect(error.kind == .trust)
                #expect(error.message.contains("not the one in the QR code"))
            }
            #expect(try setup.companion.store.pairing() == nil)
        }
    }

    @Test func anExpiredInvitationIsRefusedBeforeAnythingIsSent() throws {
        let later = PairingClock { Date().addingTimeInterval(3600) }
        let payload = try QRPayload(
            url: "http://127.0.0.1:9", name: "ws", code: "123456", token: String(repeating: "a", count: 32),
            expiresAt: Date().addingTimeInterval(60)
        ).jsonString()
        do {
            _ = try PairingInvitation(qrPayload: payload, clock: later)
            Issue.record("an expired invitation was accepted")
        } catch {
            #expect(error.kind == .pairing && error.message.contains("expired"))
        }
    }
}
