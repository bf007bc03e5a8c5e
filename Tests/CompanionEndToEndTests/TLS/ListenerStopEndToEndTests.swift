import CompanionTestSupport
import Foundation
import Testing

/// `sidecar serve` with a loopback and a LAN listener (HTTPS there) stops cleanly on SIGTERM: exit 0 and no error.
/// Its TLS services (the key rotation check, the reload of the user's files) used to end a graceful shutdown with
/// a CancellationError, so every Ctrl-C of a LAN sidecar printed "cannot serve on …" and exited 1.
@Suite(.enabled(if: ConfinedLAN.isAvailable), .serialized) struct ListenerStopEndToEndTests {
    @Test(arguments: [false, true])
    func sigtermStopsEveryListenerWithExitZero(userCertificate: Bool) async throws {
        let lan = try await ConfinedLAN()
        defer { lan.remove() }
        var arguments: [String] = []
        if userCertificate {
            let made = TestTLSCertificates(directory: lan.directory)
            let identity = try await made.selfSigned("brought", address: ConfinedLAN.address)
            arguments = ["--tls-cert", identity.certificate, "--tls-key", identity.key]
        }
        let sidecar = try await TLSSidecar.start(lan, arguments: arguments)
        #expect(try await sidecar.curl(lan, sidecar.lanURL + "/health") == "200")

        sidecar.process.kill(SIGTERM)
        let stopped = try await sidecar.process.finish(timeout: 30)
        #expect(stopped.status == 0, "\(stopped)")
        #expect(!stopped.stderr.contains("error"), "\(stopped.stderr)")
    }
}
