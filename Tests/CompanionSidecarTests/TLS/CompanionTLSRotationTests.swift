import CompanionAPI
import CompanionKit
import CompanionSidecar
import CompanionTLS
import CompanionTestSupport
import CompanionVault
import Foundation
import Testing

/// The companion side of a TLS key rotation: a device paired over HTTPS (pairing v2, the key bound) learns the
/// announced next pin from the signed `GET /companion/tls` at `status`, over its pinned connection, so the switch
/// passes; after the switch the old pin is dropped.
@Suite struct CompanionTLSRotationTests {
    @Test func statusLearnsTheAnnouncedPinAndTheSwitchPasses() async throws {
        let directory = try TestPaths.temporaryDirectory("companion-tls-rotation")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = TLSServerKey.generate()
        var configuration = SidecarConfiguration(
            host: "0.0.0.0", port: 0, dataDirectory: directory.appendingPathComponent("sidecar"), hostName: "ws",
            identity: .generate())
        configuration.tls = .selfSigned(first)
        configuration.advertise = false
        let running = try await Sidecar(configuration: configuration, logLevel: .warning).start()
        let vault = FileVault(
            profile: try VaultProfile("default"), directory: directory.appendingPathComponent("vault"),
            parameters: .minimum, passphrase: .fixed("correct horse battery staple"))
        let companion = Companion(vault: vault, timeout: TestDeadline.seconds)
        let owner = OwnerControl(dataDirectory: configuration.dataDirectory, timeout: TestDeadline.seconds)
        let started = try await owner.startPairing(ttlSeconds: nil, scopes: [.read])
        let outcome = try await companion.pair(
            try PairingInvitation(code: started.code), at: "https://127.0.0.1:\(running.port)",
            options: PairingV2LiveTests.noQuestions())
        #expect(outcome.pairingVersion == 2)
        #expect(try companion.store.pairing()?.tlsPins == [first.pin])

        // Announced for an hour from now, so that however slow this machine is, the status below runs before the
        // switch; then announced again as due now, which makes the sidecar switch within a second.
        let next = TLSServerKey.generate()
        _ = try await owner.announceTLSRotation(
            TLSRotation(next: next, switchAt: Timestamp.truncated(Date().addingTimeInterval(3600))))
        _ = try await companion.status()
        #expect(try companion.store.pairing()?.tlsPins == [first.pin, next.pin])
        _ = try await owner.announceTLSRotation(TLSRotation(next: next, switchAt: Timestamp.truncated(Date())))

        let deadline = Date().addingTimeInterval(TestDeadline.seconds)
        while Date() < deadline, try await owner.tlsStatus()?.current != next.pin {
            try await Task.sleep(for: .milliseconds(200))
        }
        _ = try await companion.status()
        #expect(try companion.store.pairing()?.tlsPins == [next.pin])
        await running.stop()
    }
}
