import CompanionAPI
import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClient

/// The transport's rules hold on every route family: a redirect is never followed (and nothing is sent to
/// its target), and an answer larger than the cap is refused before it is decoded.
struct TransportRulesTests {
    /// One call of each route family, against a sidecar at a base URL.
    enum Family: String, CaseIterable, CustomStringConvertible {
        case health, status, signedDevices, pairingStart, pairingComplete, pairingLast, revoke
        case taskList, taskCreate, taskTail, taskCancel

        var description: String { rawValue }

        func call(_ baseURL: String) async throws(CompanionClientError) {
            let signer = RequestSigner(keyPair: .generate(), deviceID: "device-1")
            let api = try CompanionAPIClient(baseURL: baseURL, timeout: 5, signer: signer)
            let tasks = try TaskClient(baseURL: baseURL, apiKey: "0123456789abcdef0123", signer: signer, timeout: 5)
            switch self {
            case .health: _ = try await api.health()
            case .status: _ = try await api.status()
            case .signedDevices: _ = try await api.devices()
            case .pairingStart: _ = try await api.startPairing(ttlSeconds: 60)
            case .pairingComplete:
                _ = try await api.completePairing(
                    PairingCompleteRequest(
                        pairingCode: "123456", pairingToken: nil, deviceName: "laptop", devicePublicKey: "key"))
            case .pairingLast: _ = try await api.lastPairing()
            case .revoke: _ = try await api.revokeDevice(id: "device-2")
            case .taskList: _ = try await tasks.list()
            case .taskCreate: _ = try await tasks.create(CreateTaskRequest(title: "t", description: "", repoURL: nil))
            case .taskTail: _ = try await tasks.tail(id: "task-1", after: 0)
            case .taskCancel: _ = try await tasks.cancel(id: "task-1")
            }
        }
    }

    @Test(arguments: Family.allCases)
    func redirectIsRefused(_ family: Family) async throws {
        let server = try LoopbackHTTPServer { request in
            .init(status: 307, json: "{}", headers: ["Location": "http://127.0.0.1:1/stolen"])
        }
        defer { server.stop() }
        await #expect(throws: CompanionClientError.network(.redirected, url: server.baseURL)) {
            try await family.call(server.baseURL)
        }
        #expect(server.requests.count == 1)
        #expect(!server.requests.contains { $0.path.contains("stolen") })
    }

    @Test(arguments: Family.allCases)
    func oversizedAnswerIsRefused(_ family: Family) async throws {
        let padding = String(repeating: "x", count: SidecarTransport.maxBodyBytes)
        let server = try LoopbackHTTPServer { _ in .init(json: #"{"ok":true,"padding":"\#(padding)"}"#) }
        defer { server.stop() }
        do {
            try await family.call(server.baseURL)
            Issue.record("an answer of more than 1 MiB was accepted on \(family)")
        } catch {
            guard case .malformedResponse(_, _, let detail) = error else {
                Issue.record("expected a refusal of the size, got \(error)")
                return
            }
            #expect(detail.contains("larger than 1 MiB"))
        }
    }

    @Test func logWebSocketRefusesARedirect() async throws {
        let server = try LoopbackHTTPServer { _ in
            .init(status: 302, json: "", headers: ["Location": "http://127.0.0.1:1/stolen"])
        }
        defer { server.stop() }
        let client = try TaskClient(baseURL: server.baseURL, apiKey: "0123456789abcdef0123")
        await #expect(throws: CompanionClientError.self) {
            _ = try await TaskLogSocket(client: client).follow(taskID: "task-1", after: 0) { _ in }
        }
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.path == "/v1/tasks/task-1/logs?after=0")
    }

    @Test func apiKeyGoesOnlyToTaskEndpoints() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path.hasPrefix("/v1/tasks")
                ? .init(json: #"{"ok":true,"tasks":[]}"#) : .init(json: CompanionAPIClientTests.connected)
        }
        defer { server.stop() }
        let transport = try SidecarTransport(
            baseURL: server.baseURL, authentication: SidecarAuthentication(apiKey: "0123456789abcdef0123"))
        _ = try await CompanionAPIClient(transport: transport).status()
        _ = try await TaskClient(transport: transport).list()
        let keys = server.requests.map { $0.headers["x-api-key"] }
        #expect(keys == [nil, "0123456789abcdef0123"])
    }
}
