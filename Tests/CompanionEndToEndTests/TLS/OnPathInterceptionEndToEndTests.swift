import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// Issue 30, on the path: the real sidecar serves HTTPS with its own key on the LAN address of a namespace, the
/// companion runs outside it (this machine's own namespace, over ``ConfinedLAN/connectUplink()``), and an attacker
/// inside it takes the companion's connections for the sidecar's address and port (an nftables redirect), so the
/// companion keeps using the very URL it paired with. The interceptor presents its own certificate: self-signed, or
/// issued for the sidecar's address by a CA the companion trusts in the test (`SSL_CERT_FILE`). Every command is
/// refused with exit code 11, and nothing secret reaches the interceptor.
@Suite(.enabled(if: ConfinedLAN.isAvailable), .serialized, .timeLimit(.minutes(5)))
struct OnPathInterceptionEndToEndTests {
    /// A LAN with its uplink, the sidecar in it, an interceptor presenting a certificate of its own (relaying to the
    /// sidecar with `relaying`), and a companion trusting the test CA when `trustedCA`.
    struct Scene {
        let lan: ConfinedLAN
        let sidecar: TLSSidecar
        let interceptor: OnPathInterceptor
        let cli: CompanionCLI
        let directory: URL

        /// Makes one; what it made so far is removed when a step fails.
        static func make(trustedCA: Bool, relaying: Bool = false) async throws -> Scene {
            let directory = try TestPaths.temporaryDirectory("on-path")
            let lan = try await ConfinedLAN()
            var sidecar: TLSSidecar?
            do {
                try await lan.connectUplink()
                let started = try await TLSSidecar.start(lan)
                sidecar = started
                let made = TestTLSCertificates(directory: directory)
                let ca = try await made.authority()
                let identity =
                    trustedCA
                    ? try await made.issued("interceptor", address: ConfinedLAN.address)
                    : try await made.selfSigned("interceptor", address: ConfinedLAN.address)
                let interceptor = try await OnPathInterceptor.start(
                    lan, identity: identity, record: directory.appendingPathComponent("received"),
                    relayingTo: relaying ? started.lanAuthority : nil)
                let cli = CompanionCLI(environment: ["SSL_CERT_FILE": trustedCA ? ca.certificate : nil])
                return Scene(lan: lan, sidecar: started, interceptor: interceptor, cli: cli, directory: directory)
            } catch {
                sidecar?.process.kill(SIGTERM)
                lan.remove()
                try? FileManager.default.removeItem(at: directory)
                throw error
            }
        }

        /// Puts the interceptor on the companion's path to the sidecar.
        func intercept() async throws { try await lan.redirect(port: sidecar.port, to: interceptor.port) }

        /// Stops what it started (the sidecar ended before its namespace goes) and removes its files.
        func remove() {
            interceptor.stop()
            sidecar.process.kill(SIGTERM)
            lan.remove(after: [sidecar.process, interceptor.process], removing: [directory])
        }
    }

    /// The sidecar's own QR code (its URL, its genuine pin, pairing v2), scanned while the path is intercepted:
    /// refused at the handshake, nothing stored, and neither the code nor the token crosses.
    @Test(arguments: [false, true])
    func pairScanRefusesTheInterceptorOnItsPath(trustedCA: Bool) async throws {
        let scene = try await Scene.make(trustedCA: trustedCA)
        defer { scene.remove() }
        let start = try await scene.sidecar.startPairing(scene.lan)
        let payload = try QRPayload.parse(start.qrPayload)
        #expect(payload.url == scene.sidecar.lanURL && payload.tlsPin?.description == scene.sidecar.pin)
        let image = try await QRImages.write(start.qrPayload, with: .companionQR)
        defer { try? FileManager.default.removeItem(atPath: image) }
        try await scene.intercept()

        let result = try await scene.cli.run(["pair", "scan", image])
        #expect(result.status == Exit.trust, "\(result)")
        #expect(result.stderr.contains("refusing the TLS certificate"), "\(result)")
        #expect(result.stderr.contains(scene.sidecar.pin), "the message names the pin expected: \(result)")
        #expect(result.stderr.contains("a certificate authority this machine trusts") == trustedCA, "\(result)")
        #expect(scene.interceptor.connections.accepted >= 1, "the path was not intercepted: \(scene.interceptor.log)")
        for secret in [start.code, payload.token, "/companion/"] {
            #expect(!scene.interceptor.received.contains(secret), "the interceptor saw \(secret)")
        }
        #expect(scene.interceptor.received.isEmpty, "the interceptor saw: \(scene.interceptor.received)")
        #expect(try await scene.cli.run(["status"]).status == Exit.notPaired, "nothing was stored")
    }

    /// A typed code carries no pin: pairing v2 binds the key the connection presented into the exchange, and the
    /// sidecar, knowing its own, refuses it (`tls_key_mismatch`, exit 11) though the interceptor relays every byte.
    /// The code never crosses. Pairing v1 over a key nothing vouches for is refused before anything is sent.
    @Test(arguments: [false, true])
    func pairCodeThroughARelayingInterceptorFailsTheBoundExchange(trustedCA: Bool) async throws {
        let scene = try await Scene.make(trustedCA: trustedCA, relaying: true)
        defer { scene.remove() }
        let code = try await scene.sidecar.startPairing(scene.lan).code
        try await scene.intercept()

        let result = try await scene.cli.run(["pair", "code", code, "--url", scene.sidecar.lanURL])
        let received = scene.interceptor.received
        let v1 = try await scene.cli.run([
            "pair", "code", code, "--url", scene.sidecar.lanURL, "--pairing-version", "1",
        ])
        #expect(result.status == Exit.trust, "\(result)")
        #expect(result.stderr.contains("tls_key_mismatch"), "\(result)")
        #expect(received.contains("/companion/pairing/v2/exchange"), "the exchange went through: \(received)")
        #expect(!received.contains(code), "the code crossed the interceptor: \(received)")
        #expect(v1.status == Exit.trust, "\(v1)")
        #expect(scene.interceptor.received == received, "v1 sent something: \(scene.interceptor.received)")
        #expect(v1.stderr.contains("nothing vouches for"), "\(v1)")
        #expect(try await scene.cli.run(["status"]).status == Exit.notPaired, "nothing was stored")
    }

    /// Paired over the genuine path (the QR code's pin, pairing v2), then intercepted: `status`, `logs --follow`,
    /// `chat` and `watch` are each refused with exit 11 and send the interceptor nothing; with the redirect removed,
    /// `status` works again (the refusal was the interceptor's certificate, not a broken set-up).
    @Test(arguments: [false, true])
    func everyCommandRefusesTheInterceptorAfterAGenuinePairing(trustedCA: Bool) async throws {
        let scene = try await Scene.make(trustedCA: trustedCA)
        defer { scene.remove() }
        let start = try await scene.sidecar.startPairing(scene.lan)
        let image = try await QRImages.write(start.qrPayload, with: .companionQR)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let paired = try await scene.cli.run(["pair", "scan", image, "--json"])
        #expect(paired.status == Exit.success, "\(paired)")
        #expect(try paired.json()["pairingVersion"] == .integer(2), "\(paired)")
        let status = try await scene.cli.run(["status", "--json"])
        #expect(try status.json()["connected"]?.boolValue == true, "\(status)")

        try await scene.intercept()
        let commands = [["status"], ["logs", "task-1", "--follow"], ["chat", "--new", "a secret prompt"], ["watch"]]
        for command in commands {
            let result = try await scene.cli.run(command, timeout: 60)
            #expect(result.status == Exit.trust, "\(command): \(result)")
            #expect(result.stderr.contains("refusing the TLS certificate"), "\(command): \(result)")
        }
        #expect(
            scene.interceptor.connections.accepted >= commands.count,
            "not every command met the interceptor: \(scene.interceptor.log)")
        #expect(scene.interceptor.received.isEmpty, "the interceptor saw: \(scene.interceptor.received)")

        try await scene.lan.removeRedirect()
        let again = try await scene.cli.run(["status", "--json"])
        #expect(try again.json()["connected"]?.boolValue == true, "\(again)")
    }
}
