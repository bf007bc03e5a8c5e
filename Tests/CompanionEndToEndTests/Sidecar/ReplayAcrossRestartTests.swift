import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// Issue 11, defect 1: a signed request captured before the sidecar restarted was accepted after it (the nonce
/// memory lived only in the process). Captured requests are replayed against the real server after a `kill -9`
/// and a clean restart, within the signature window.
@Suite(.serialized) struct ReplayAcrossRestartTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("companion-replay-\(UUID().uuidString)")
    var data: URL { root.appendingPathComponent("data") }

    func start(_ run: Int) async throws -> SidecarProcess {
        try await SidecarProcess.start(
            SidecarOptions(
                dataDirectory: data, logFile: root.appendingPathComponent("server-\(run).log"), identity: .ephemeral))
    }

    /// A captured request: exactly the bytes the device sent.
    struct Captured {
        let method: String
        let path: String
        let body: Data?
        let headers: [String: String]

        func replay(_ probe: HTTPProbe) async throws -> HTTPReply {
            try await probe.send(method, path, body: body, headers: headers)
        }
    }

    @Test func requestsCapturedBeforeARestartAreStillReplaysAfterIt() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        var server = try await start(0)
        var probe = HTTPProbe(baseURL: server.baseURL)
        let phone = TestDevice(name: "replay phone")
        let started = try await probe.startPairing()
        let paired = try await probe.post("/companion/pairing/complete", try phone.completeBody(code: started.code))
        let id = try #require(try paired.decode(PairingCompleteResponse.self).connectedDevice?.id)
        let signer = RequestSigner(keyPair: phone.keys, deviceID: id)
        func capture(_ method: String, _ path: String, _ body: Data? = nil) -> Captured {
            Captured(
                method: method, path: path, body: body,
                headers: signer.headers(method: method, pathAndQuery: path, body: Array(body ?? Data())))
        }
        let createTask = capture(
            "POST", "/v1/tasks", Data(#"{"title":"captured","description":"echo once"}"#.utf8))
        let disconnect = capture("POST", "/companion/disconnect")
        let listDevices = capture("GET", "/companion/devices")

        #expect(try await createTask.replay(probe).status == 201)
        #expect(try await disconnect.replay(probe).status == 200)
        #expect(try await listDevices.replay(probe).status == 200)
        for captured in [createTask, disconnect, listDevices] {
            #expect(try await captured.replay(probe).status == 401, "\(captured.path): replay in the same run")
        }

        // A crash (no shutdown code), then a clean stop: neither may make a captured request new again.
        try await server.killHard()
        for run in 1...2 {
            server = try await start(run)
            probe = HTTPProbe(baseURL: server.baseURL)
            for captured in [createTask, disconnect, listDevices] {
                let reply = try await captured.replay(probe)
                #expect(reply.status == 401, "run \(run), \(captured.method) \(captured.path): \(reply.status)")
                let message = (try? reply.decode(APIErrorResponse.self))?.error.message ?? ""
                #expect(message.contains("replay"), "run \(run): \(message)")
            }
            // The device is still trusted: a freshly signed request works.
            #expect(try await capture("GET", "/companion/devices").replay(probe).status == 200)
            if run == 1 { #expect(try await server.terminate() == 0) }
        }
        let tasks = try await capture("GET", "/v1/tasks").replay(probe)
        #expect(tasks.status == 200)
        let listed = String(decoding: tasks.body, as: UTF8.self)
        #expect(listed.components(separatedBy: "\"captured\"").count == 2, "exactly one task was created: \(listed)")
        #expect(try await server.terminate() == 0)
    }
}
