import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// QA checklist, against fake peers on loopback (in addition to the real sidecar): invalid code, offline
/// sidecar or wrong URL with retry guidance, a `connected: false` answer handled safely, a QR code that is not
/// a pairing payload.
@Suite(.timeLimit(.minutes(3)))
struct ClientFailureEndToEndTests {
    @Test(arguments: ["12345", "1234567", "12a456", "١٢٣٤٥٦"])
    func invalidCodeIsRefusedBeforeAnyRequest(code: String) async throws {
        let fake = try LoopbackHTTPServer { _ in .init(json: "{}") }
        defer { fake.stop() }
        let result = try await CompanionCLI().run(["pair", "code", code, "--url", fake.baseURL])
        FailureOutput.expect(result, status: Exit.usage, mentioning: "6 digits")
        #expect(fake.requests.isEmpty, "nothing was sent")
    }

    @Test func offlineSidecarGivesRetryGuidance() async throws {
        // A port where connections are refused, held so that no other test's server can take it meanwhile.
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let url = refusing.baseURL
        let cli = CompanionCLI()
        for arguments in [["connect", url], ["pair", "code", "123456", "--url", url], ["status", "--url", url]] {
            let result = try await cli.run(arguments)
            FailureOutput.expect(result, status: Exit.network, mentioning: "connection refused")
            #expect(result.stderr.contains("companion sidecar serve") && result.stderr.contains("Retry"), "\(result)")
        }
    }

    @Test func wrongURLGivesRetryGuidance() async throws {
        let cli = CompanionCLI()
        let dns = try await cli.run(["connect", "https://no-such-sidecar.invalid:7878", "--timeout", "5"])
        #expect(dns.status == Exit.network, "\(dns)")
        #expect(dns.stderr.contains("hint:"))
        let insecure = try await cli.run(["connect", "http://203.0.113.7:7878"])
        FailureOutput.expect(insecure, status: Exit.usage, mentioning: "plain HTTP")
        let garbage = try await cli.run(["connect", "not a url"])
        FailureOutput.expect(garbage, status: Exit.usage, mentioning: "invalid sidecar URL")
        let notSidecar = try LoopbackHTTPServer { _ in .init(status: 404, json: "no such page") }
        defer { notSidecar.stop() }
        let wrong = try await cli.run(["connect", notSidecar.baseURL])
        FailureOutput.expect(wrong, status: Exit.server, mentioning: "404")
    }

    @Test func connectedFalseIsNotAPairing() async throws {
        let fake = try LoopbackHTTPServer { _ in
            .init(json: #"{"ok":true,"connected":false,"connectedDevice":null}"#)
        }
        defer { fake.stop() }
        let cli = CompanionCLI()
        let result = try await cli.run(["pair", "code", "123456", "--url", fake.baseURL])
        FailureOutput.expect(result, status: Exit.pairing, mentioning: "connected: false")
        // `/health` first (pairing version negotiation; this fake has no usable one, so v1), then v1's complete.
        #expect(fake.requests.map(\.path) == ["/health", "/companion/pairing/complete"])
        // Nothing was stored: the companion is still not paired.
        let status = try await cli.json(["status", "--url", fake.baseURL])
        #expect(status.1["thisDevice"] == .null, "\(status.0)")
        let noURL = try await cli.run(["status"])
        #expect(noURL.status == Exit.notPaired, "no sidecar URL was stored: \(noURL)")
    }

    @Test func notAPairingQRCode() async throws {
        let image = try await QRImages.write("https://example.com/not-a-pairing", with: .qrencodeCLI)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let result = try await CompanionCLI().run(["pair", "scan", image])
        FailureOutput.expect(result, status: Exit.pairing, mentioning: "not a pairing QR code")
        let missing = try await CompanionCLI().run(["pair", "scan", "/nonexistent/qr.png"])
        #expect(missing.status == 9, "\(missing)")
    }

}
