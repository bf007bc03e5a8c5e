import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionAPI

/// The phone link form of the pairing payload (`<url>/app/#pair=…`): made by the sidecar, drawn in the QR, read
/// back by `QRPayload.parse` (so by `companion pair scan`) and by the web app.
struct QRPayloadLinkTests {
    static let payload = QRPayload(
        url: "https://10.77.0.1:7878", name: "dev box.été", code: "123456",
        token: "q3JmYy1vbmx5LXRlc3QtdG9rZW4tMTIzNDU2Nzg", expiresAt: Date(timeIntervalSince1970: 1_772_013_600),
        fingerprint: Fingerprint(digest: SHA256.hash(Array("sidecar".utf8))).description, pairingVersion: 2,
        tlsPin: TLSPin(digest: SHA256.hash(Array("tls".utf8))))

    @Test func theLinkRoundTripsEveryField() throws {
        let link = Self.payload.appLink()
        #expect(link.hasPrefix("https://10.77.0.1:7878/app/#pair=1.123456.q3JmYy1vbmx5LXRlc3QtdG9rZW4tMTIzNDU2Nzg."))
        let parsed = try QRPayload.parse(link)
        #expect(parsed.url == Self.payload.url)
        #expect(parsed.name == Self.payload.name)
        #expect(parsed.code == Self.payload.code)
        #expect(parsed.token == Self.payload.token)
        #expect(parsed.expiresAt == Self.payload.expiresAt)
        #expect(parsed.fingerprint == Self.payload.fingerprint)
        #expect(parsed.pairingVersion == 2)
        #expect(parsed.tlsPin == Self.payload.tlsPin)
        #expect(parsed.appURL == link)
    }

    @Test func theQRHoldsTheLinkAndTheJSONCarriesItAsAnOptionalField() throws {
        let withLink = Self.payload.withAppLink()
        #expect(try withLink.qrText() == Self.payload.appLink())
        #expect(try Self.payload.qrText() == Self.payload.jsonString())
        let json = try withLink.jsonString()
        #expect(try QRPayload.parse(json).appURL == Self.payload.appLink())
        // Short enough for a version-10 QR at medium correction (213 bytes) with a long host name.
        #expect(Self.payload.appLink().utf8.count <= 213)
    }

    /// `TestVectors/qr/pairing-link.txt` (drawn by qrencode in pairing-link.png) holds the invitation of
    /// `pairing-payload.txt`: both forms read to the same payload.
    @Test func theLinkVectorReadsAsTheJSONVector() throws {
        func vector(_ name: String) throws -> String {
            try String(contentsOf: TestPaths.testVectors.appendingPathComponent("qr/\(name)"), encoding: .utf8)
        }
        let link = try QRPayload.parse(try vector("pairing-link.txt"))
        var json = try QRPayload.parse(try vector("pairing-payload.txt"))
        json.pairingVersion = 2
        json.appURL = try vector("pairing-link.txt")
        #expect(link == json)
        #expect(json.appLink() == json.appURL)
    }

    @Test func aLinkWithoutTheFieldsOrOnAnotherPathIsRefused() {
        let bad = [
            "https://10.77.0.1:7878/app/", "https://10.77.0.1:7878/other/#pair=1.123456.x.1.2...n",
            "https://10.77.0.1:7878/app/#pair=2.123456.q3JmYy1vbmx5LXRlc3QtdG9rZW4tMTIzNDU2Nzg.1...n",
            "https://10.77.0.1:7878/app/#pair=1.12345.q3JmYy1vbmx5LXRlc3QtdG9rZW4tMTIzNDU2Nzg.1...n",
            "https://10.77.0.1:7878/app/#pair=1.123456.short.1...n",
            "ftp://10.77.0.1/app/#pair=1.123456.q3JmYy1vbmx5LXRlc3QtdG9rZW4tMTIzNDU2Nzg.1...n",
        ]
        for text in bad { #expect(throws: QRPayloadError.self) { try QRPayload.parse(text) } }
    }
}
