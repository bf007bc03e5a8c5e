import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// `kill -9` of the real server in the middle of a burst of pairings and revocations loses no acknowledged
/// change and leaves a database that opens and passes `PRAGMA integrity_check`.
@Suite(.serialized) struct CrashTests {
    /// What the burst saw acknowledged (HTTP 200) before the kill.
    actor Acknowledged {
        var paired: [String: String] = [:]  // device id -> public key
        var revokeAttempted: Set<String> = []
        var revoked: Set<String> = []
        var stopped = false
        func stop() { stopped = true }
        func resume() { stopped = false }
        func pair(_ id: String, _ key: String) { paired[id] = key }
        func attemptRevoke(_ id: String) { revokeAttempted.insert(id) }
        func revoke(_ id: String) { revoked.insert(id) }
        func snapshot() -> (paired: [String: String], attempted: Set<String>, revoked: Set<String>) {
            (paired, revokeAttempted, revoked)
        }
    }

    @Test func killDuringBurstKeepsEveryAcknowledgedChange() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("companion-crash-\(UUID().uuidString)")
        let data = root.appendingPathComponent("data")
        defer { try? FileManager.default.removeItem(at: root) }
        let acknowledged = Acknowledged()
        // When to kill is random, and reproducible: a failure names the seed (COMPANION_TEST_SEED=…).
        var random = SeededRandom()
        let seed = random.note
        for round in 0..<4 {
            let server = try await SidecarProcess.start(
                SidecarOptions(
                    dataDirectory: data, logFile: root.appendingPathComponent("server-\(round).log"),
                    identity: .ephemeral
                ))
            let probe = HTTPProbe(baseURL: server.baseURL)
            await acknowledged.resume()
            let burst = Task { try await Self.burst(probe, acknowledged) }
            // Killed after a random number of acknowledged pairings in this round (not after a random time: on a
            // loaded machine the burst may not have paired anything yet).
            let target = await acknowledged.paired.count + Int.random(in: 1...6, using: &random)
            let deadline = ContinuousClock.now + TestDeadline.duration
            while await acknowledged.paired.count < target, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            try await server.killHard()
            // Not `burst.cancel()`: cancelling a task inside URLSession's async API can deadlock on Linux
            // (swift-corelibs-foundation). The burst's next request fails because the server is gone.
            await acknowledged.stop()
            _ = await burst.result

            let registry = try Registry(directory: data)
            #expect(try registry.integrityCheck() == "ok", "\(seed)")
            let stored = Dictionary(uniqueKeysWithValues: try await registry.devices().map { ($0.id, $0.publicKey) })
            let seen = await acknowledged.snapshot()
            for (id, key) in seen.paired where !seen.attempted.contains(id) {
                #expect(stored[id] == key, "round \(round): acknowledged pairing \(id) lost; \(seed)")
            }
            for id in seen.revoked {
                #expect(stored[id] == nil, "round \(round): acknowledged revocation undone; \(seed)")
            }
        }
        let seen = await acknowledged.snapshot()
        #expect(seen.paired.count >= 4, "the burst should have paired devices before the kills; \(seed)")

        let restarted = try await SidecarProcess.start(
            SidecarOptions(
                dataDirectory: data, logFile: root.appendingPathComponent("server-final.log"), identity: .ephemeral))
        // Device routes need a signed request: pair one more device and list as it.
        let probe = HTTPProbe(baseURL: restarted.baseURL)
        let lister = TestDevice(name: "lister")
        let started = try await probe.startPairing()
        let paired = try await probe.post("/companion/pairing/complete", try lister.completeBody(code: started.code))
        let listerID = try #require(try paired.decode(PairingCompleteResponse.self).connectedDevice?.id)
        let headers = RequestSigner(keyPair: lister.keys, deviceID: listerID)
            .headers(method: "GET", pathAndQuery: "/companion/devices", body: [])
        let listed = try await probe.get("/companion/devices", headers: headers)
        #expect(listed.status == 200)
        let ids = Set(try listed.decode(DevicesListResponse.self).devices.map(\.id))
        #expect(ids.isSuperset(of: Set(seen.paired.keys).subtracting(seen.attempted)))
        #expect(ids.isDisjoint(with: seen.revoked))
        #expect(try await restarted.terminate() == 0)
    }

    /// Pairs devices and revokes every third one, recording each acknowledged change, until stopped or the
    /// server is gone.
    static func burst(_ probe: HTTPProbe, _ acknowledged: Acknowledged) async throws {
        var count = 0
        while await !acknowledged.stopped {
            let started = try await probe.startPairing()
            let phone = TestDevice(name: "burst \(count)")
            let reply = try await probe.post("/companion/pairing/complete", try phone.completeBody(code: started.code))
            guard reply.status == 200, let id = try reply.decode(PairingCompleteResponse.self).connectedDevice?.id
            else { continue }
            await acknowledged.pair(id, phone.keys.publicKey.base64)
            count += 1
            if count % 3 == 0 {
                await acknowledged.attemptRevoke(id)
                // The device revokes itself, with a signed request.
                let path = "/companion/devices/\(id)"
                let headers = RequestSigner(keyPair: phone.keys, deviceID: id)
                    .headers(method: "DELETE", pathAndQuery: path, body: [])
                if try await probe.send("DELETE", path, headers: headers).status == 200 {
                    await acknowledged.revoke(id)
                }
            }
        }
    }
}
