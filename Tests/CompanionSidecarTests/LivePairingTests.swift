import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The whole contract over real HTTP on an ephemeral loopback port.
@Suite struct LivePairingTests {
    @Test func fullFlowStartCompleteStatusDevicesDisconnectRevoke() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, running in
            #expect(try await probe.get("/health").status == 200)
            let started = try await probe.startPairing()
            #expect(PairingCode.isValid(started.code))
            #expect(started.expiresAt == Timestamp.truncated(fixture.clock.now.addingTimeInterval(120)))
            let payload = try QRPayload.parse(started.qrPayload)
            #expect(payload.code == started.code && payload.expiresAt == started.expiresAt)
            #expect(payload.url == "http://127.0.0.1:\(running.port)")
            #expect(payload.name == "test-workstation")

            let phone = TestDevice(name: "iPhone 16 Pro")
            let completed = try await probe.post(
                "/companion/pairing/complete", try phone.completeBody(code: payload.code, token: payload.token))
            #expect(completed.status == 200)
            let connected = try completed.decode(PairingCompleteResponse.self)
            #expect(connected.connected && connected.connectedDevice?.name == "iPhone 16 Pro")
            let deviceID = try #require(connected.connectedDevice?.id)
            let raw = String(decoding: completed.body, as: UTF8.self)
            #expect(raw.contains(#""connectedAt":"2027-01-15T08:00:00.000Z""#))

            let status = try await probe.get("/companion/status").decode(CompanionStatusResponse.self)
            #expect(status.connectedDevice?.id == deviceID)
            let devices = try await probe.get("/companion/devices").decode(DevicesListResponse.self)
            #expect(devices.devices.map(\.id) == [deviceID])
            #expect(devices.devices.first?.pairedAt != nil && devices.devices.first?.connectedAt == nil)

            let disconnected = try await probe.post("/companion/disconnect")
            #expect(disconnected.status == 200)
            #expect(try disconnected.decode(CompanionStatusResponse.self).connected == false)
            #expect(try await probe.get("/companion/devices").decode(DevicesListResponse.self).devices.count == 1)

            let revoked = try await probe.send("DELETE", "/companion/devices/\(deviceID)")
            #expect(revoked.status == 200)
            #expect(try await probe.get("/companion/devices").decode(DevicesListResponse.self).devices.isEmpty)
            let again = try await probe.send("DELETE", "/companion/devices/\(deviceID)")
            #expect(again.status == 404 && again.errorCode == "not_found")
        }
    }

    @Test func revokingTheConnectedDeviceDisconnects() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            let first = TestDevice(name: "first")
            let second = TestDevice(name: "second")
            var started = try await probe.startPairing()
            _ = try await probe.post("/companion/pairing/complete", try first.completeBody(code: started.code))
            started = try await probe.startPairing()
            let reply = try await probe.post("/companion/pairing/complete", try second.completeBody(code: started.code))
            let secondID = try #require(try reply.decode(PairingCompleteResponse.self).connectedDevice?.id)
            let firstID = try #require(
                try await probe.get("/companion/devices").decode(DevicesListResponse.self).devices
                    .first { $0.name == "first" }?.id)

            let revokeOther = try await probe.send("DELETE", "/companion/devices/\(firstID)")
            #expect(try revokeOther.decode(CompanionStatusResponse.self).connectedDevice?.id == secondID)
            let revokeConnected = try await probe.send("DELETE", "/companion/devices/\(secondID)")
            let after = try revokeConnected.decode(CompanionStatusResponse.self)
            #expect(after.connected == false && after.connectedDevice == nil)
            #expect(try await probe.get("/companion/status").decode(CompanionStatusResponse.self).connected == false)
        }
    }

    @Test func repairingTheSameKeyUpdatesTheDevice() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            var phone = TestDevice(name: "old name")
            var started = try await probe.startPairing()
            let first = try await probe.post("/companion/pairing/complete", try phone.completeBody(code: started.code))
            let id = try first.decode(PairingCompleteResponse.self).connectedDevice?.id
            fixture.clock.advance(by: 60)
            phone.name = "new name"
            started = try await probe.startPairing()
            let second = try await probe.post("/companion/pairing/complete", try phone.completeBody(code: started.code))
            let device = try second.decode(PairingCompleteResponse.self).connectedDevice
            #expect(device?.id == id && device?.name == "new name")
            let listed = try await probe.get("/companion/devices").decode(DevicesListResponse.self).devices
            #expect(listed.count == 1)
            #expect(listed.first?.name == "new name")
            #expect(listed.first?.lastSeenAt == Timestamp.truncated(fixture.clock.now))
            #expect(listed.first?.pairedAt == Timestamp.truncated(fixture.clock.now.addingTimeInterval(-60)))
        }
    }

    @Test func malformedAndOversizedBodiesOverTheWire() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        try await fixture.live { probe, _ in
            let malformed = try await probe.post("/companion/pairing/start", Data("{\"ttlSeconds\":".utf8))
            #expect(malformed.status == 400 && malformed.errorCode == "bad_request")
            let wrongType = try await probe.post("/companion/pairing/start", Data(#"{"ttlSeconds":"soon"}"#.utf8))
            #expect(wrongType.status == 400)
            let big = Data(repeating: UInt8(ascii: "a"), count: 100_000)
            let tooLarge = try await probe.post("/companion/pairing/complete", big)
            #expect(tooLarge.status == 413 && tooLarge.errorCode == "payload_too_large")
            #expect(try await probe.get("/health").status == 200)
        }
    }
}
