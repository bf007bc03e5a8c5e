import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

/// QA checklist, against the real sidecar: a wrong code and an expired code show a user-facing error, and a
/// retry with a new code works.
@Suite(.timeLimit(.minutes(3)))
struct SidecarFailureEndToEndTests {
    @Test func wrongCodeShowsAUserFacingError() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let start = try await sidecar.startPairing()
        let wrong = start.code == "000000" ? "000001" : "000000"
        let cli = CompanionCLI()
        // v2: the companion finds out itself (the sidecar's confirmation does not check); v1: the sidecar says so.
        let result = try await cli.run(["pair", "code", wrong, "--url", sidecar.url])
        FailureOutput.expect(result, status: Exit.pairing, mentioning: "the code is wrong")
        let v1 = try await cli.run(["pair", "code", wrong, "--url", sidecar.url, "--pairing-version", "1"])
        FailureOutput.expect(v1, status: Exit.pairing, mentioning: "wrong_code")
        let (json, body) = try await cli.json(["pair", "code", wrong, "--url", sidecar.url])
        #expect(json.status == Exit.pairing)
        #expect(body["ok"] == .bool(false) && body["error"]?["code"] == .string("pairing"))
        #expect(try await sidecar.client().status().connected == false)
    }

    @Test func expiredCodeShowsAnErrorAndRetryWorks() async throws {
        let sidecar = try await SidecarProcess.start(SidecarOptions(fakeClock: true))
        defer { sidecar.stop() }
        let cli = CompanionCLI()
        let start = try await sidecar.startPairing(ttlSeconds: 30)
        try sidecar.advanceClock(by: 31)
        let expired = try await cli.run(["pair", "code", start.code, "--url", sidecar.url])
        FailureOutput.expect(expired, status: Exit.pairing, mentioning: "expired")
        #expect(expired.stderr.contains("start a new pairing"), "the hint says how to retry")

        let retry = try await sidecar.startPairing()
        let result = try await cli.run(
            ["pair", "code", retry.code, "--url", sidecar.url], stdin: confirmsVerification)
        #expect(result.status == Exit.success, "\(result)")
    }

    @Test func expiredQRCodeIsRefusedBeforeAnyRequest() async throws {
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        var payload = try QRPayload.parse(try await sidecar.startPairing().qrPayload)
        payload.expiresAt = Date().addingTimeInterval(-5)
        let image = try await QRImages.write(try payload.jsonString(), with: .qrencodeCLI)
        defer { try? FileManager.default.removeItem(atPath: image) }
        let result = try await CompanionCLI().run(["pair", "scan", image])
        FailureOutput.expect(result, status: Exit.pairing, mentioning: "expired")
        #expect(try await sidecar.client().status().connected == false)
    }

}
