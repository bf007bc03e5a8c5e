import CompanionAPI
import CompanionCrypto
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Attacks against a live sidecar with an identity, on loopback: brute force, replay, tampering,
/// revoked devices, clock skew, and the pairing proof a companion pins.
@Suite(.serialized) struct TrustAttackTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("companion-trust-\(UUID())")
    let clock = ManualClock(Date())
    let identity = Ed25519KeyPair.generate()

    /// The sidecar under attack: its task command runs each task's description as a shell script.
    func sidecar(apiKey: TaskAPIKey? = nil) throws -> Sidecar {
        let clock = self.clock
        var configuration = SidecarConfiguration(
            port: 0, dataDirectory: directory, hostName: "trust-workstation", identity: identity)
        configuration.taskCommand = "sh -s"
        configuration.taskAPIKey = apiKey
        configuration.agents = AgentsSettings(tmuxSocket: "companion-trust-\(UUID().uuidString.prefix(8))")
        return try Sidecar(configuration: configuration, now: { clock.now })
    }

    func live(apiKey: TaskAPIKey? = nil, _ body: (HTTPProbe) async throws -> Void) async throws {
        let running = try await sidecar(apiKey: apiKey).start()
        defer { try? FileManager.default.removeItem(at: directory) }
        do { try await body(HTTPProbe(baseURL: running.baseURL)) } catch {
            await running.stop()
            throw error
        }
        await running.stop()
    }

    /// Pairs `device` and returns its id, checking the sidecar's proof the way a companion does.
    func pair(_ device: TestDevice, probe: HTTPProbe) async throws -> String {
        let started = try await probe.startPairing()
        let payload = try QRPayload.parse(started.qrPayload)
        #expect(payload.fingerprint == identity.publicKey.fingerprint.description)
        let reply = try await probe.post(
            "/companion/pairing/complete", try device.completeBody(code: started.code, token: payload.token))
        let answer = try reply.decode(PairingCompleteResponse.self)
        let id = try #require(answer.connectedDevice?.id)
        let proof = try #require(answer.sidecar)
        let key = proof.verify(deviceID: id, devicePublicKey: device.keys.publicKey.base64)
        #expect(key == identity.publicKey)
        #expect(proof.verify(deviceID: id, devicePublicKey: Ed25519KeyPair.generate().publicKey.base64) == nil)
        return id
    }

    func signed(_ device: TestDevice, id: String, _ method: String, _ path: String, body: Data? = nil)
        -> [String: String]
    {
        device.signedHeaders(id: id, method, path, body: body, now: clock.now)
    }

    @Test func bruteForcingCodesNeverPairsAndBurnsThePairing() async throws {
        try await live { probe in
            var statuses: [Int] = []
            for round in 0..<4 {
                let started = try await probe.startPairing()
                for guess in 0..<8 {
                    let code = otherCode(than: started.code, offset: round * 8 + guess)
                    let reply = try await probe.post(
                        "/companion/pairing/complete", try TestDevice().completeBody(code: code))
                    statuses.append(reply.status)
                }
                // The right code no longer works either: the pairing is burned.
                let late = try await probe.post(
                    "/companion/pairing/complete", try TestDevice().completeBody(code: started.code))
                #expect(late.status == 429)
            }
            #expect(!statuses.contains(200))
            #expect(statuses.allSatisfy { $0 < 500 })
            #expect(statuses.filter { $0 == 401 }.count == 4 * 4)
            #expect(statuses.filter { $0 == 429 }.count == 4 * 4)
            let status = try await probe.get("/companion/status").decode(CompanionStatusResponse.self)
            #expect(!status.connected)
        }
    }

    @Test func deviceRoutesRefuseUnsignedForgedReplayedAndSkewedRequests() async throws {
        try await live { probe in
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            #expect(try await probe.get("/companion/devices").status == 401)
            let headers = signed(device, id: id, "GET", "/companion/devices")
            #expect(try await probe.get("/companion/devices", headers: headers).status == 200)
            let replay = try await probe.get("/companion/devices", headers: headers)
            #expect(replay.status == 401)
            #expect(replay.errorCode == "unauthorized")
            // Tampering: a signature for GET /companion/devices used for a revoke.
            let other = signed(device, id: id, "GET", "/companion/devices")
            #expect(try await probe.send("DELETE", "/companion/devices/\(id)", headers: other).status == 401)
            // A stranger's key claiming the paired device's id.
            let forged = signed(TestDevice(), id: id, "GET", "/companion/devices")
            #expect(try await probe.get("/companion/devices", headers: forged).status == 401)
            // Clock skew beyond the window, both ways.
            let stale = signed(device, id: id, "GET", "/companion/devices")
            clock.advance(by: 61)
            #expect(try await probe.get("/companion/devices", headers: stale).status == 401)
            clock.advance(by: -122)
            #expect(try await probe.get("/companion/devices", headers: stale).status == 401)
            clock.advance(by: 61)
            let fresh = signed(device, id: id, "GET", "/companion/devices")
            #expect(try await probe.get("/companion/devices", headers: fresh).status == 200)
        }
    }

    @Test func revokedDeviceIsRefusedOnItsVeryNextRequest() async throws {
        try await live { probe in
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            let before = try await probe.get("/companion/status").decode(CompanionStatusResponse.self)
            clock.advance(by: 5)
            let list = try await probe.get(
                "/companion/devices", headers: signed(device, id: id, "GET", "/companion/devices"))
            let listed = try list.decode(DevicesListResponse.self).devices.first
            #expect(listed?.lastSeenAt ?? .distantPast > before.connectedDevice?.lastSeenAt ?? .distantFuture)
            let path = "/companion/devices/\(id)"
            let revoke = try await probe.send("DELETE", path, headers: signed(device, id: id, "DELETE", path))
            #expect(revoke.status == 200)
            #expect(try revoke.decode(CompanionStatusResponse.self).connected == false)
            let after = try await probe.get(
                "/companion/devices", headers: signed(device, id: id, "GET", "/companion/devices"))
            #expect(after.status == 401)
            #expect(after.errorCode == "unauthorized")
        }
    }
}

/// A valid-format code that differs from `code`, varying with `offset`.
func otherCode(than code: String, offset: Int) -> String {
    let number = (Int(code)! + 1 + offset) % 1_000_000
    let digits = String(number)
    return String(repeating: "0", count: 6 - digits.count) + digits
}
