import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// In-process tests through HummingbirdTesting's router framework (no socket, hence no peer address).
@Suite struct RouterTests {
    @Test func healthNamesServiceAndProtocol() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let response = try await client.execute(uri: "/health", method: .get)
            #expect(response.status == .ok)
            let health = try CompanionJSON.decode(HealthResponse.self, from: bytes(response.body))
            #expect(health.service == "companion-sidecar")
            #expect(health.protocol == QRPayload.protocolName)
        }
    }

    @Test func statusAndDevicesStartEmpty() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let status = try await client.execute(uri: "/companion/status", method: .get)
            #expect(text(status.body) == #"{"connected":false,"connectedDevice":null,"ok":true}"#)
            let devices = try await client.execute(uri: "/companion/devices", method: .get)
            #expect(text(devices.body) == #"{"devices":[],"ok":true}"#)
        }
    }

    @Test func startWithoutPeerAddressIsRefused() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let response = try await client.execute(uri: "/companion/pairing/start", method: .post)
            #expect(response.status == .forbidden)
            #expect(errorCode(response.body) == "forbidden")
        }
    }

    @Test func completeFlowAgainstManagerStartedPairing() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let started = try await fixture.sidecar.pairing.start(ttlSeconds: nil, peer: "127.0.0.1")
        let device = TestDevice(name: "Router Phone")
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let wrong = try await client.execute(
                uri: "/companion/pairing/complete", method: .post,
                body: buffer(try device.completeBody(code: otherCode(than: started.code))))
            #expect(wrong.status == .unauthorized)
            #expect(errorCode(wrong.body) == "wrong_code")
            let right = try await client.execute(
                uri: "/companion/pairing/complete", method: .post,
                body: buffer(try device.completeBody(code: started.code)))
            #expect(right.status == .ok)
            let body = try CompanionJSON.decode(PairingCompleteResponse.self, from: bytes(right.body))
            #expect(body.connected && body.connectedDevice?.name == "Router Phone")
            let again = try await client.execute(
                uri: "/companion/pairing/complete", method: .post,
                body: buffer(try device.completeBody(code: started.code)))
            #expect(again.status == .gone)
            #expect(errorCode(again.body) == "pairing_used")
        }
    }

    @Test(arguments: [
        ("{", "bad_request"), ("[]", "bad_request"), (#"{"pairingCode":"123456"}"#, "bad_request"),
        (#"{"pairingCode":12,"deviceName":"a","devicePublicKey":"b"}"#, "bad_request"),
        (#"{"pairingCode":"12345","deviceName":"a","devicePublicKey":"b"}"#, "invalid_code_format"),
        (#"{"pairingCode":"１２３４５６","deviceName":"a","devicePublicKey":"b"}"#, "invalid_code_format"),
        (#"{"pairingCode":"123456","deviceName":"a","devicePublicKey":"bm90IGEga2V5"}"#, "invalid_public_key"),
        // The identity point (small order) and a non-canonical encoding (y >= p): 32 bytes, never a real key.
        (completeBody(key: "AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="), "invalid_public_key"),
        (completeBody(key: "/////////////////////////////////////////38="), "invalid_public_key"),
        (#"{"pairingCode":"123456","deviceName":" ","devicePublicKey":"bm90IGEga2V5"}"#, "bad_request"),
        ("", "bad_request"),
    ])
    func malformedCompleteIs400(body: String, code: String) async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/companion/pairing/complete", method: .post, body: ByteBuffer(string: body))
            #expect(response.status == .badRequest)
            #expect(errorCode(response.body) == code)
        }
    }

    @Test func completeWithoutPairingIs410AndOversizedIs413() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let body = try TestDevice().completeBody(code: "123456")
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let none = try await client.execute(uri: "/companion/pairing/complete", method: .post, body: buffer(body))
            #expect(none.status == .gone)
            #expect(errorCode(none.body) == "no_active_pairing")
            let huge = ByteBuffer(repeating: UInt8(ascii: " "), count: 5000)
            let tooLarge = try await client.execute(uri: "/companion/pairing/complete", method: .post, body: huge)
            #expect(tooLarge.status == .contentTooLarge)
            #expect(errorCode(tooLarge.body) == "payload_too_large")
        }
    }

    @Test func unknownDeviceAndRouteAre404Json() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let device = try await client.execute(uri: "/companion/devices/nope", method: .delete)
            #expect(device.status == .notFound)
            #expect(errorCode(device.body) == "not_found")
            let route = try await client.execute(uri: "/nothing/here", method: .get)
            #expect(route.status == .notFound)
            #expect(errorCode(route.body) == "not_found")
        }
    }

    @Test func corsAllowsConfiguredOriginsOnlyAndRefusesForeignStateChanges() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let preflight = try await client.execute(
                uri: "/companion/devices/x", method: .options,
                headers: [.origin: "http://192.168.1.5:19006", .accessControlRequestMethod: "DELETE"])
            #expect(preflight.status == .noContent)
            #expect(preflight.headers[.accessControlAllowOrigin] == "http://192.168.1.5:19006")
            #expect(preflight.headers[.accessControlAllowMethods]?.contains("DELETE") == true)
            let lan = try await client.execute(
                uri: "/companion/status", method: .get, headers: [.origin: "http://192.168.1.5:19006"])
            #expect(lan.headers[.accessControlAllowOrigin] == "http://192.168.1.5:19006")
            let foreignRead = try await client.execute(
                uri: "/companion/status", method: .get, headers: [.origin: "https://evil.example"])
            #expect(foreignRead.status == .ok)
            #expect(foreignRead.headers[.accessControlAllowOrigin] == nil)
            let foreignPreflight = try await client.execute(
                uri: "/companion/disconnect", method: .options,
                headers: [.origin: "https://evil.example", .accessControlRequestMethod: "POST"])
            #expect(foreignPreflight.status == .forbidden)
            let foreignWrite = try await client.execute(
                uri: "/companion/disconnect", method: .post, headers: [.origin: "https://evil.example"])
            #expect(foreignWrite.status == .forbidden)
            #expect(errorCode(foreignWrite.body) == "forbidden")
        }
    }

    @Test func openAPIDocumentIsServed() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.sidecar.makeApplication().test(.router) { client in
            let response = try await client.execute(uri: "/openapi.yaml", method: .get)
            #expect(response.status == .ok)
            #expect(text(response.body).hasPrefix("openapi: 3.1.0"))
        }
    }
}

private func errorCode(_ body: ByteBuffer) -> String? {
    (try? CompanionJSON.decode(APIErrorResponse.self, from: bytes(body)))?.error.code
}

private func bytes(_ buffer: ByteBuffer) -> Data { Data(buffer.readableBytesView) }
private func text(_ buffer: ByteBuffer) -> String { String(decoding: buffer.readableBytesView, as: UTF8.self) }
private func buffer(_ data: Data) -> ByteBuffer { ByteBuffer(bytes: Array(data)) }

/// A `pairing/complete` body with a well-formed code and name and the given `devicePublicKey`.
private func completeBody(key: String) -> String {
    #"{"pairingCode":"123456","deviceName":"a","devicePublicKey":""# + key + #""}"#
}
