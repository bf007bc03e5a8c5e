import CompanionAPI
import CompanionTLS
import CompanionTestSupport
import Foundation
import Testing

/// Issue 30, the companion side: an interceptor presenting its own certificate (self-signed, or issued by a CA
/// this machine trusts in the test) in place of the sidecar's is refused with exit code 11, and nothing secret
/// reaches it. The interceptor is `openssl s_server`, which records every byte a client sends after its handshake.
@Suite(.timeLimit(.minutes(3)))
struct TLSInterceptionEndToEndTests {
    /// The sidecar's pairing, its QR payload pointed at an interceptor that presents `interceptorIdentity`, with
    /// the pin of the genuine sidecar certificate in it.
    @Test(arguments: [false, true])
    func pairScanRefusesAnInterceptorAndSendsItNothing(trustedCA: Bool) async throws {
        let directory = try TestPaths.temporaryDirectory("tls-mitm")
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = TestTLSCertificates(directory: directory)
        let genuine = try TLSPin(certificateDER: try await made.selfSigned("sidecar").der)
        let ca = try await made.authority()
        let interceptor = try await OpenSSLServer(
            identity: trustedCA ? try await made.issued("interceptor") : try await made.selfSigned("interceptor"),
            www: false)
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let start = try await sidecar.startPairing()
        var payload = try QRPayload.parse(start.qrPayload)
        payload.url = interceptor.url
        payload.tlsPin = genuine
        let image = try await QRImages.write(try payload.jsonString(), with: .companionQR)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let cli = CompanionCLI(environment: ["SSL_CERT_FILE": trustedCA ? ca.certificate : nil])

        let result = try await cli.run(["pair", "scan", image])
        await interceptor.stop()
        #expect(result.status == Exit.trust, "\(result)")
        #expect(result.stderr.contains("refusing the TLS certificate"), "\(result)")
        #expect(result.stderr.contains(genuine.description), "\(result)")
        #expect(result.stderr.contains("a certificate authority this machine trusts") == trustedCA, "\(result)")
        #expect(!result.stderr.contains("NIOSSL") && !result.stderr.contains("BoringSSL"), "\(result)")
        for secret in [start.code, payload.token, "POST", "GET", "/companion/"] {
            #expect(!interceptor.received.contains(secret), "the interceptor saw \(secret): \(interceptor.received)")
        }
        #expect(try await cli.run(["status"]).status == Exit.notPaired, "nothing was stored")
    }

    /// A typed code carries no pin: the companion accepts the key presented and pairing v2 binds its pin into the
    /// exchange. An interceptor relaying to the sidecar with a certificate of its own (self-signed, or from a CA the
    /// system trusts) is refused by the sidecar's check of that pin: exit 11, and the code never crosses.
    @Test(arguments: [false, true])
    func pairCodeThroughAnInterceptorFailsTheBoundExchange(trustedCA: Bool) async throws {
        let directory = try TestPaths.temporaryDirectory("tls-mitm")
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = TestTLSCertificates(directory: directory)
        let ca = try await made.authority()
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let proxy = try await TLSProxy(
            identity: trustedCA ? try await made.issued("interceptor") : try await made.selfSigned("interceptor"),
            targetPort: try #require(sidecar.baseURL.port))
        let code = try await sidecar.startPairing().code
        let cli = CompanionCLI(environment: ["SSL_CERT_FILE": trustedCA ? ca.certificate : nil])
        let result = try await cli.run(["pair", "code", code, "--url", proxy.url])
        // v1 would send the code: over a key nothing vouches for, it is refused before anything is sent.
        let v1 = try await cli.run(["pair", "code", code, "--url", proxy.url, "--pairing-version", "1"])
        let received = proxy.received
        await proxy.stop()
        #expect(result.status == Exit.trust, "\(result)")
        #expect(result.stderr.contains("tls_key_mismatch"), "\(result)")
        #expect(received.contains("/companion/pairing/v2/exchange"), "the exchange went through the interceptor")
        #expect(!received.contains(code), "the code crossed the interceptor: \(received)")
        #expect(try await cli.run(["status"]).status == Exit.notPaired, "nothing was stored")
        #expect(v1.status == Exit.trust, "\(v1)")
        #expect(!received.contains("/companion/pairing/complete"), "v1 sent its request: \(received)")
    }

    /// A device paired through the sidecar's TLS (a proxy presenting the sidecar's certificate, pinned by the QR
    /// code), then an interceptor's certificate in its place: every command is refused with exit 11, and no
    /// request reaches the interceptor.
    @Test(arguments: [false, true])
    func everyCommandRefusesAnInterceptorAfterPairing(trustedCA: Bool) async throws {
        let directory = try TestPaths.temporaryDirectory("tls-mitm")
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = TestTLSCertificates(directory: directory)
        let genuine = try await made.selfSigned("sidecar")
        let ca = try await made.authority()
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let proxy = try await TLSProxy(identity: genuine, targetPort: try #require(sidecar.baseURL.port))
        let image = try await ProxiedQRCode.image(of: sidecar, through: proxy, pinning: genuine)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let cli = CompanionCLI(environment: ["SSL_CERT_FILE": trustedCA ? ca.certificate : nil])

        let paired = try await cli.run(["pair", "scan", image, "--pairing-version", "1"])
        #expect(paired.status == Exit.success, "\(paired)")
        let status = try await cli.run(["status"])
        #expect(status.status == Exit.success, "\(status)")
        #expect(proxy.received.contains("GET /companion/status"), "the genuine path carries the requests")

        try proxy.present(trustedCA ? try await made.issued("interceptor") : try await made.selfSigned("interceptor"))
        for command in [["status"], ["logs", "task-1", "--follow"], ["chat", "--new", "a secret prompt"], ["watch"]] {
            let result = try await cli.run(command, timeout: 60)
            #expect(result.status == Exit.trust, "\(command): \(result)")
            #expect(result.stderr.contains("refusing the TLS certificate"), "\(command): \(result)")
        }
        #expect(proxy.received.isEmpty, "the interceptor saw: \(proxy.received)")
        await proxy.stop()
    }
}
