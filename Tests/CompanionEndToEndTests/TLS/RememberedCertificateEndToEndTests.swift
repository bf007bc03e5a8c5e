import CompanionAPI
import CompanionTLS
import CompanionTestSupport
import Foundation
import Testing

/// Issue 30's "≤ 1.3×" for `companion status` over HTTPS: the sidecar's self-signed certificate is kept with the
/// pairing, so a new process trusts it at once and opens one TLS connection, where it used to open a capturing
/// one first. A certificate issued again from the same key (the pin kept) is learned and kept at the next status;
/// an interceptor's is still refused.
@Suite(.timeLimit(.minutes(3)))
struct RememberedCertificateEndToEndTests {
    @Test func aPairedProcessMakesOneTLSConnectionAndFollowsAReissuedCertificate() async throws {
        let directory = try TestPaths.temporaryDirectory("tls-remembered")
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = TestTLSCertificates(directory: directory)
        let genuine = try await made.selfSigned("sidecar")
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let proxy = try await TLSProxy(identity: genuine, targetPort: try #require(sidecar.baseURL.port))
        let image = try await ProxiedQRCode.image(of: sidecar, through: proxy, pinning: genuine)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let cli = CompanionCLI()
        let paired = try await cli.run(["pair", "scan", image, "--pairing-version", "1"])
        #expect(paired.status == Exit.success, "\(paired)")

        // The pairing kept the certificate: the first process after it already needs no capturing handshake.
        let before = proxy.connections
        let status = try await cli.run(["status"])
        #expect(status.status == Exit.success, "\(status)")
        #expect(proxy.connections - before == 1, "one TLS connection, no capturing handshake first")
        #expect(try await remembered(cli) == genuine.der, "the pairing keeps the certificate it connected to")

        // The sidecar issued its certificate again from the same key: still trusted (its key is pinned), learned,
        // and kept, so the process after that needs one connection again.
        let reissued = try await made.reissued(genuine, as: "sidecar-again")
        try proxy.present(reissued)
        let afterReissue = try await cli.run(["status"])
        #expect(afterReissue.status == Exit.success, "\(afterReissue)")
        #expect(try await remembered(cli) == reissued.der, "the re-issued certificate is kept")
        let settled = proxy.connections
        #expect(try await cli.run(["status"]).status == Exit.success)
        #expect(proxy.connections - settled == 1)

        // The paired key in a certificate a CA this machine trusts issued for it (anyone can get one for a public
        // key): refused, since this sidecar serves its own certificate; it used to be accepted under the trust
        // store, where an interceptor's own CA-issued certificate would then pass too.
        let forged = try await made.forged(carrying: genuine, as: "forged")
        try proxy.present(forged)
        let ca = try await made.authority()
        let trusting = CompanionCLI(profile: cli.profile, environment: ["SSL_CERT_FILE": ca.certificate])
        let forgedStatus = try await trusting.run(["status"])
        #expect(forgedStatus.status == Exit.trust, "\(forgedStatus)")
        #expect(forgedStatus.stderr.contains("issued by a certificate authority"), "\(forgedStatus)")
        #expect(proxy.received.isEmpty, "the forged certificate's server saw: \(proxy.received)")

        // Another key, even with the remembered certificate stored: refused (exit 11) and nothing sent.
        try proxy.present(try await made.selfSigned("interceptor"))
        let intercepted = try await cli.run(["status"])
        #expect(intercepted.status == Exit.trust, "\(intercepted)")
        #expect(proxy.received.isEmpty, "the interceptor saw: \(proxy.received)")
        await proxy.stop()
    }

    /// The certificate `status --json` shows in this device's pairing record, DER.
    private func remembered(_ cli: CompanionCLI) async throws -> [UInt8]? {
        let result = try await cli.run(["status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let record = object?["thisDevice"] as? [String: Any]
        return (record?["tlsCertificate"] as? String).flatMap { Data(base64Encoded: $0) }.map { [UInt8]($0) }
    }
}
