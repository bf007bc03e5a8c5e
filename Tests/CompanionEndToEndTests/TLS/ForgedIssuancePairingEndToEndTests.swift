import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// One uplink at a time on a machine (``ConfinedLAN/connectUplink()``): these tests run inside the serialized
/// ``OnPathInterceptionEndToEndTests``, whose `.serialized` covers its nested suites.
extension OnPathInterceptionEndToEndTests {
    /// A pin bypass at pairing time. Anyone can have a CA put the sidecar's PUBLIC key in a certificate (openssl's
    /// `-force_pubkey`; a CA that does not check possession of the key). An attacker on the path shows that forged
    /// certificate to the companion's first, capturing handshake (whose pin then matches) and, since it is CA-issued, the
    /// real connection is verified with the trust store, where the attacker's own CA-issued certificate for the address
    /// passes. It relays to the sidecar. Pairing v2 bound only the pin (the sidecar's own on both sides) and succeeded
    /// with the attacker in the middle; it now binds the whole certificate, which the sidecar compares with the one it
    /// serves. Pairing v1 binds nothing and now refuses a CA-issued certificate over HTTPS.
    @Suite struct ForgedIssuancePairingEndToEndTests {
        /// The sidecar serving a certificate the test made (so the test holds its key), an interceptor relaying to it
        /// that shows the forged certificate on demand and its own CA-issued one otherwise, and a companion trusting
        /// the test CA.
        struct Scene {
            let lan: ConfinedLAN
            let sidecar: TLSSidecar
            let interceptor: OnPathInterceptor
            let cli: CompanionCLI
            let directory: URL

            static func make() async throws -> Scene {
                let directory = try TestPaths.temporaryDirectory("forged-issuance")
                let lan = try await ConfinedLAN()
                var sidecar: TLSSidecar?
                do {
                    try await lan.connectUplink()
                    let made = TestTLSCertificates(directory: directory)
                    let ca = try await made.authority()
                    let genuine = try await made.selfSigned("sidecar", address: ConfinedLAN.address)
                    let started = try await TLSSidecar.start(
                        lan, arguments: ["--tls-cert", genuine.certificate, "--tls-key", genuine.key])
                    sidecar = started
                    let interceptor = try await OnPathInterceptor.start(
                        lan, identity: try await made.issued("interceptor", address: ConfinedLAN.address),
                        record: directory.appendingPathComponent("received"), relayingTo: started.lanAuthority,
                        first: try await made.forged(carrying: genuine, as: "forged", address: ConfinedLAN.address))
                    let cli = CompanionCLI(environment: ["SSL_CERT_FILE": ca.certificate])
                    return Scene(lan: lan, sidecar: started, interceptor: interceptor, cli: cli, directory: directory)
                } catch {
                    sidecar?.process.kill(SIGTERM)
                    lan.remove()
                    try? FileManager.default.removeItem(at: directory)
                    throw error
                }
            }

            /// Puts the interceptor on the path, the forged certificate ready for the next (capturing) handshake.
            func intercept() async throws {
                try interceptor.presentFirst()
                try await lan.redirect(port: sidecar.port, to: interceptor.port)
            }

            func remove() {
                interceptor.stop()
                sidecar.process.kill(SIGTERM)
                lan.remove(after: [sidecar.process, interceptor.process], removing: [directory])
            }
        }

        /// A typed code (nothing pinned, the key presented is bound) and the sidecar's own QR code (its pin): the
        /// exchange carries the forged certificate's digest, the sidecar refuses it (409 `tls_key_mismatch`, no attempt
        /// charged), exit 11, nothing stored, and the code never crosses.
        @Test(arguments: ["code", "scan"])
        func pairingV2RefusesTheSidecarsKeyInACertificateSomeoneElseIssued(form: String) async throws {
            let scene = try await Scene.make()
            defer { scene.remove() }
            let start = try await scene.sidecar.startPairing(scene.lan)
            let image = try await QRImages.write(start.qrPayload, with: .companionQR)
            defer { try? FileManager.default.removeItem(atPath: image) }
            try await scene.intercept()

            let arguments =
                form == "code" ? ["pair", "code", start.code, "--url", scene.sidecar.lanURL] : ["pair", "scan", image]
            let result = try await scene.cli.run(arguments)
            #expect(result.status == Exit.trust, "\(result)")
            #expect(result.stderr.contains("tls_key_mismatch"), "\(result)")
            #expect(result.stderr.contains("issued by someone else"), "\(result)")
            #expect(
                scene.interceptor.log.contains("first"),
                "the forged certificate was not shown: \(scene.interceptor.log)")
            #expect(
                scene.interceptor.received.contains("/companion/pairing/v2/exchange"),
                "the exchange went through the interceptor: \(scene.interceptor.log)")
            #expect(!scene.interceptor.received.contains(start.code), "the code crossed the interceptor")
            #expect(try await scene.cli.run(["status"]).status == Exit.notPaired, "nothing was stored")
        }

        /// The QR code's pin with v1 asked for: v1 binds nothing, so a CA-issued certificate is refused before the
        /// code or the token is sent.
        @Test func pairingV1RefusesACertificateIssuedByACA() async throws {
            let scene = try await Scene.make()
            defer { scene.remove() }
            let start = try await scene.sidecar.startPairing(scene.lan)
            // A code that does not announce v2 (a sidecar without an identity key, or an older one): the guard against
            // a downgrade from a known v2 does not apply, so the refusal below is the certificate's.
            var payload = try QRPayload.parse(start.qrPayload)
            payload.pairingVersion = nil
            let image = try await QRImages.write(try payload.jsonString(), with: .companionQR)
            defer { try? FileManager.default.removeItem(atPath: image) }
            try await scene.intercept()

            let result = try await scene.cli.run(["pair", "scan", image, "--pairing-version", "1"])
            #expect(result.status == Exit.trust, "\(result)")
            #expect(result.stderr.contains("presented a certificate issued by a certificate authority"), "\(result)")
            for secret in [start.code, payload.token, "/companion/pairing/complete"] {
                #expect(!scene.interceptor.received.contains(secret), "the interceptor saw \(secret)")
            }
            #expect(try await scene.cli.run(["status"]).status == Exit.notPaired, "nothing was stored")
        }
    }
}
