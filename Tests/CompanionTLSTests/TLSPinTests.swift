import CompanionAPI
import CompanionTLS
import CompanionTestSupport
import Foundation
import Testing

/// The pin is the one curl and Chromium compute: checked against `openssl` on a certificate it made.
@Suite struct TLSPinTests {
    @Test func thePinOfACertificateIsTheOneOpensslComputes() async throws {
        let directory = try TestPaths.temporaryDirectory("tls-pin")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cert = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let made = try await ProcessRunner.run(
            "openssl",
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", key,
                "-out", cert, "-days", "1", "-subj", "/CN=pin-test",
            ])
        #expect(made.status == 0, "\(made)")
        let der = try await ProcessRunner.run("openssl", ["x509", "-in", cert, "-outform", "der"])
        let expected = try await ProcessRunner.run(
            "sh",
            [
                "-c",
                "openssl x509 -in \"$1\" -pubkey -noout | openssl pkey -pubin -outform der"
                    + " | openssl dgst -sha256 -binary | base64",
                "sh", cert,
            ])
        let pin = try TLSPin(certificateDER: der.stdoutBytes)
        #expect(pin.base64 == expected.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(TLSPin(pin.description) == pin)
        #expect(pin.description.hasPrefix("sha256//"))
    }

    @Test func textThatIsNotAPinIsRefused() throws {
        #expect(TLSPin("sha256//") == nil)
        #expect(TLSPin("sha1//AAAAAAAAAAAAAAAAAAAAAAAAAAA=") == nil)
        #expect(TLSPin("sha256//" + String(repeating: "A", count: 43) + "!") == nil)
        #expect(TLSPin(digest: [1, 2, 3]) == nil)
        #expect(throws: TLSCertificateError.notACertificate) { try TLSPin(certificateDER: [0x30, 0x03, 1, 2, 3]) }
    }

    @Test func aPinSurvivesTheQRPayloadAndAnOlderPayloadHasNone() throws {
        let pin = try #require(TLSPin(digest: [UInt8](repeating: 7, count: 32)))
        var payload = QRPayload(
            url: "https://192.0.2.1:7878", name: "ws", code: "123456", token: String(repeating: "a", count: 22),
            expiresAt: Date(timeIntervalSince1970: 1_800_000_000), tlsPin: pin)
        let parsed = try QRPayload.parse(try payload.jsonString())
        #expect(parsed.tlsPin == pin)
        #expect(try payload.jsonString().contains(pin.base64.replacingOccurrences(of: "/", with: "\\/")))
        payload.tlsPin = nil
        #expect(try QRPayload.parse(try payload.jsonString()).tlsPin == nil)
    }
}
