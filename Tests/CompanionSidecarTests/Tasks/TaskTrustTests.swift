import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The task endpoints and the log WebSocket take the same signed requests as the device routes (issue 6 and 7):
/// unsigned, replayed, tampered, forged and revoked requests are refused; the `X-API-Key` is an alternative only
/// when the sidecar is configured with one.
extension TrustAttackTests {
    /// A task client that signs as `device` with the test clock.
    func taskClient(_ probe: HTTPProbe, device: TestDevice? = nil, id: String = "", apiKey: String? = nil)
        -> TaskClient
    {
        let signer = device.map { ClockedSigner(signer: RequestSigner(keyPair: $0.keys, deviceID: id), clock: clock) }
        // swift-format-ignore: NeverUseForceTry
        return try! TaskClient(
            baseURL: probe.baseURL.absoluteString, apiKey: apiKey, signer: signer, timeout: TestDeadline.seconds)
    }

    @Test func taskRoutesRefuseUnsignedReplayedTamperedAndRevokedRequests() async throws {
        try await live { probe in
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            let unsigned = try await probe.get("/v1/tasks")
            #expect(unsigned.status == 401 && unsigned.errorCode == "unauthorized")
            #expect(String(decoding: unsigned.body, as: UTF8.self).contains("signed by a paired device"))
            #expect(try await probe.post("/v1/tasks", Data(#"{"title":"x"}"#.utf8)).status == 401)

            let body = Data(#"{"title":"signed","description":"echo hi"}"#.utf8)
            let headers = signed(device, id: id, "POST", "/v1/tasks", body: body)
            let created = try await probe.post("/v1/tasks", body, headers: headers)
            #expect(created.status == 201, "\(String(decoding: created.body, as: UTF8.self))")
            #expect(try await probe.post("/v1/tasks", body, headers: headers).status == 401, "replay")
            let other = Data(#"{"title":"tampered","description":"rm -rf ~"}"#.utf8)
            let forBody = signed(device, id: id, "POST", "/v1/tasks", body: body)
            #expect(try await probe.post("/v1/tasks", other, headers: forBody).status == 401, "body tampered")
            let task = try created.decode(TaskResponse.self).task
            let forShow = signed(device, id: id, "GET", "/v1/tasks/\(task.id)")
            #expect(try await probe.post("/v1/tasks/\(task.id)/start", headers: forShow).status == 401, "path")
            let forged = signed(TestDevice(), id: id, "GET", "/v1/tasks")
            #expect(try await probe.get("/v1/tasks", headers: forged).status == 401, "a stranger's key")
            let stale = signed(device, id: id, "GET", "/v1/tasks")
            clock.advance(by: 61)
            #expect(try await probe.get("/v1/tasks", headers: stale).status == 401, "outside the window")

            // The CLI's client: signed REST requests work and count as the device being seen.
            let client = taskClient(probe, device: device, id: id)
            #expect(try await client.list().map(\.id) == [task.id])
            let seen = try await probe.get(
                "/companion/devices", headers: signed(device, id: id, "GET", "/companion/devices"))
            let lastSeen = try seen.decode(DevicesListResponse.self).devices.first?.lastSeenAt
            #expect(lastSeen.map { abs($0.timeIntervalSince(clock.now)) < 1 } == true)

            let path = "/companion/devices/\(id)"
            #expect(try await probe.send("DELETE", path, headers: signed(device, id: id, "DELETE", path)).status == 200)
            await #expect(throws: CompanionClientError.self) { try await client.list() }
            let revoked = try await probe.get("/v1/tasks", headers: signed(device, id: id, "GET", "/v1/tasks"))
            #expect(revoked.status == 401 && revoked.errorCode == "unauthorized")
        }
    }

    @Test func logWebSocketUpgradeNeedsASignedRequest() async throws {
        try await live { probe in
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            let client = taskClient(probe, device: device, id: id)
            let task = try await client.create(
                CreateTaskRequest(title: "ws", description: "echo one; echo two", repoURL: nil))
            _ = try await client.start(id: task.id)
            let unsigned = TaskLogSocket(client: taskClient(probe))
            await #expect(throws: (any Error).self, "the upgrade is refused") {
                _ = try await unsigned.follow(taskID: task.id, after: 0) { _ in }
            }
            let lines = LineBox()
            let outcome = try await TaskLogSocket(client: client).follow(taskID: task.id, after: 0) { batch in
                lines.append(batch.filter { $0.stream == .stdout }.map(\.text))
            }
            #expect(outcome == .ended(.succeeded, exitCode: 0))
            #expect(lines.value == ["one", "two"])
        }
    }

    @Test func taskBodiesUpToTheCreateLimitPassTheGuard() async throws {
        let key = "body-key-\(UUID().uuidString)"
        try await live(apiKey: try TaskAPIKey(key)) { probe in
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            let description = String(repeating: "x", count: CreateTaskRequest.maxDescriptionBytes)
            let request = CreateTaskRequest(title: "large", description: description)
            // Larger than the companion routes' 16 KiB, within the task route's own limit: signed and keyed.
            #expect(try await taskClient(probe, device: device, id: id).create(request).description == description)
            #expect(try await taskClient(probe, apiKey: key).create(request).description == description)
        }
    }

    @Test func revokingADeviceClosesItsOpenLogStream() async throws {
        try await live { probe in
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            let client = taskClient(probe, device: device, id: id)
            let script = "i=1; while [ $i -le 4000 ]; do echo \"line $i\"; i=$((i+1)); sleep 0.05; done"
            let task = try await client.create(CreateTaskRequest(title: "long", description: script))
            _ = try await client.start(id: task.id)
            let lines = LineBox()
            async let outcome = TaskLogSocket(client: client).follow(taskID: task.id, after: 0) { batch in
                lines.append(batch.filter { $0.stream == .stdout }.map(\.text))
            }
            let deadline = ContinuousClock.now + TestDeadline.duration
            while lines.value.count < 3 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            let path = "/companion/devices/\(id)"
            #expect(try await probe.send("DELETE", path, headers: signed(device, id: id, "DELETE", path)).status == 200)
            let result = try await outcome
            guard case .unauthorized(let why) = result else {
                Issue.record("the stream should be closed as unauthorized, got \(result)")
                return
            }
            #expect(why.contains("revoked"))
            // Closed by the re-check, not at the task's end (which prints 4000 lines); no clock is read, as under load
            // the time measured here is mostly time spent waiting for a thread.
            #expect(lines.value.count >= 3 && lines.value.count < 4000)
        }
    }

    @Test func apiKeyIsAnAlternativeOnlyWhenConfigured() async throws {
        let key = "task-key-\(UUID().uuidString)"
        try await live(apiKey: try TaskAPIKey(key)) { probe in
            let none = try await probe.get("/v1/tasks")
            #expect(none.status == 401)
            #expect(String(decoding: none.body, as: UTF8.self).contains("X-API-Key"))
            let wrong = try await probe.get("/v1/tasks", headers: ["X-API-Key": key + "x"])
            #expect(
                wrong.status == 401
                    && String(decoding: wrong.body, as: UTF8.self).contains("X-API-Key header was not accepted"))
            #expect(try await probe.get("/v1/tasks", headers: ["X-API-Key": key]).status == 200)
            // The key does not open the device routes: those take signed requests only.
            #expect(try await probe.get("/companion/devices", headers: ["X-API-Key": key]).status == 401)
            let keyed = taskClient(probe, apiKey: key)
            let task = try await keyed.create(CreateTaskRequest(title: "k", description: "echo key", repoURL: nil))
            _ = try await keyed.start(id: task.id)
            let outcome = try await TaskLogSocket(client: keyed).follow(taskID: task.id, after: 0) { _ in }
            #expect(outcome == .ended(.succeeded, exitCode: 0))
        }
        try await live { probe in
            let refused = try await probe.get("/v1/tasks", headers: ["X-API-Key": key])
            #expect(refused.status == 401)
            // The same answer as a wrong key: an unauthenticated caller does not learn whether a key is configured.
            #expect(String(decoding: refused.body, as: UTF8.self).contains("X-API-Key header was not accepted"))
        }
    }
}

/// Lines received by a WebSocket handler.
private final class LineBox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var value: [String] { lock.withLock { lines } }
    func append(_ more: [String]) { lock.withLock { lines += more } }
}

/// Signs with the test clock's time, so signatures fall inside the sidecar's (manual) clock window.
struct ClockedSigner: RequestSigning {
    let signer: RequestSigner
    let clock: ManualClock

    func headers(for request: SignableRequest) throws -> [String: String] {
        signer.headers(
            method: request.method, pathAndQuery: request.pathAndQuery, body: Array(request.body), now: clock.now)
    }
}
