import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionAPI

/// Every fixture in `TestVectors/api/` decodes into its model and re-encodes to the same JSON
/// (same keys, same values; key order and whitespace aside).
struct FixtureRoundTripTests {
    static let directory = TestPaths.testVectors.appendingPathComponent("api")

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    /// Decodes `name` as `T`, re-encodes it, and checks both texts are the same JSON value.
    @discardableResult
    static func roundTrip<T: Codable>(_ name: String, as type: T.Type) throws -> T {
        let original = try fixture(name)
        let decoded = try CompanionJSON.decode(T.self, from: original)
        let reencoded = try CompanionJSON.encode(decoded)
        let expected = try JSONValue.parse(original)
        let actual = try JSONValue.parse(reencoded)
        #expect(actual == expected, "\(name): re-encoded \(actual) differs from \(expected)")
        return decoded
    }

    static let brieflyNoon = Timestamp.date(from: "2026-02-25T10:00:00.000Z")!

    @Test func everyFixtureIsCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        #expect(Set(names) == Set(Self.covered), "add a round-trip test for every fixture")
    }

    static let covered = [
        "devices-list-empty.json", "devices-list-scopes.json", "devices-list.json", "disconnect-response.json",
        "error-response.json",
        "health.json", "pairing-complete-request-manual.json", "pairing-complete-request.json",
        "pairing-complete-response-not-connected.json", "pairing-complete-response-signed.json",
        "pairing-complete-response.json",
        "pairing-start-request-empty.json", "pairing-start-request.json", "pairing-start-response.json",
        "qr-payload-fingerprint.json", "qr-payload.json", "revoke-response.json", "status-connected.json",
        "status-disconnected.json", "task-create-request.json", "task-review-request.json", "task-review.json",
        "task.json",
    ]

    @Test func statusDisconnected() throws {
        let status = try Self.roundTrip("status-disconnected.json", as: CompanionStatusResponse.self)
        #expect(status == CompanionStatusResponse(connected: false, connectedDevice: nil))
        // `connectedDevice: null` stays on the wire, as the brief writes it.
        let text = String(decoding: try CompanionJSON.encode(status), as: UTF8.self)
        #expect(text == #"{"connected":false,"connectedDevice":null,"ok":true}"#)
    }

    @Test(arguments: ["status-connected.json", "pairing-complete-response.json"])
    func connectedDevice(name: String) throws {
        let status = try Self.roundTrip(name, as: CompanionStatusResponse.self)
        #expect(status.ok && status.connected)
        let device = try #require(status.connectedDevice)
        #expect(device.id == "abc123")
        #expect(device.name == "iPhone 16 Pro")
        #expect(device.connectedAt == Self.brieflyNoon)
        #expect(device.lastSeenAt == Self.brieflyNoon)
        #expect(device.pairedAt == nil)
    }

    @Test(arguments: [
        "disconnect-response.json", "revoke-response.json", "pairing-complete-response-not-connected.json",
    ])
    func statusShapedAnswers(name: String) throws {
        let status = try Self.roundTrip(name, as: CompanionStatusResponse.self)
        #expect(status == CompanionStatusResponse(connected: false, connectedDevice: nil))
        if name.hasPrefix("pairing-complete") {
            let answer = try Self.roundTrip(name, as: PairingCompleteResponse.self)
            #expect(answer == PairingCompleteResponse(connected: false, connectedDevice: nil))
        }
    }

    @Test func pairingCompleteWithSidecarProof() throws {
        let plain = try Self.roundTrip("pairing-complete-response.json", as: PairingCompleteResponse.self)
        #expect(plain.sidecar == nil && plain.connected)
        let signed = try Self.roundTrip("pairing-complete-response-signed.json", as: PairingCompleteResponse.self)
        #expect(signed.connectedDevice == plain.connectedDevice)
        #expect(signed.sidecar?.fingerprint.hasPrefix("SHA256:") == true)
    }

    @Test func pairingStartRequests() throws {
        #expect(try Self.roundTrip("pairing-start-request.json", as: PairingStartRequest.self).ttlSeconds == 120)
        #expect(try Self.roundTrip("pairing-start-request-empty.json", as: PairingStartRequest.self).ttlSeconds == nil)
    }

    @Test func pairingStartResponse() throws {
        let start = try Self.roundTrip("pairing-start-response.json", as: PairingStartResponse.self)
        #expect(start.code == "123456")
        #expect(start.expiresAt == Self.brieflyNoon)
        let payload = try QRPayload.parse(start.qrPayload)
        #expect(payload.code == start.code)
        #expect(payload.expiresAt == start.expiresAt)
        // The payload inside is itself exactly the qr-payload fixture.
        #expect(try JSONValue.parse(start.qrPayload) == JSONValue.parse(Self.fixture("qr-payload.json")))
    }

    @Test func pairingCompleteRequests() throws {
        let qr = try Self.roundTrip("pairing-complete-request.json", as: PairingCompleteRequest.self)
        #expect(
            qr
                == PairingCompleteRequest(
                    pairingCode: "123456", pairingToken: "optional-token-from-qr", deviceName: "iPhone 16 Pro",
                    devicePublicKey: "base64-or-pem-string"))
        let manual = try Self.roundTrip("pairing-complete-request-manual.json", as: PairingCompleteRequest.self)
        #expect(manual.pairingToken == nil)
        let text = String(decoding: try CompanionJSON.encode(manual), as: UTF8.self)
        #expect(!text.contains("pairingToken"), "an absent token is omitted, not null")
    }

    @Test func devicesList() throws {
        let list = try Self.roundTrip("devices-list.json", as: DevicesListResponse.self)
        #expect(list.devices.count == 1)
        #expect(list.devices[0].pairedAt == Self.brieflyNoon)
        #expect(list.devices[0].connectedAt == nil)
        #expect(try Self.roundTrip("devices-list-empty.json", as: DevicesListResponse.self).devices.isEmpty)
        // The brief's shape has no scopes: absent, and still absent when encoded again.
        #expect(list.devices[0].scopes == nil)
    }

    /// `scopes`, an addition to the brief: read and written when present, a name this side does not know kept.
    @Test func devicesListWithScopes() throws {
        let list = try Self.roundTrip("devices-list-scopes.json", as: DevicesListResponse.self)
        #expect(list.devices.map(\.scopes) == [["read", "tasks", "chat"], ["read", "telemetry"]])
    }

    @Test func errorBody() throws {
        let body = try Self.roundTrip("error-response.json", as: APIErrorResponse.self)
        #expect(body == APIErrorResponse(code: .wrongCode, message: "The pairing code is not correct."))
        #expect(!body.ok)
        #expect(APIErrorCode(rawValue: body.error.code)?.httpStatus == 401)
    }

    @Test func health() throws {
        let health = try Self.roundTrip("health.json", as: HealthResponse.self)
        #expect(health.protocol == QRPayload.protocolName && health.protocolVersion == QRPayload.protocolVersion)
    }

    @Test(arguments: ["qr-payload.json", "qr-payload-fingerprint.json"])
    func qrPayload(name: String) throws {
        let decoded = try Self.roundTrip(name, as: QRPayload.self)
        let parsed = try QRPayload.parse(String(decoding: try Self.fixture(name), as: UTF8.self))
        #expect(parsed == decoded)
        #expect(try JSONValue.parse(try decoded.jsonString()) == JSONValue.parse(Self.fixture(name)))
    }
}
