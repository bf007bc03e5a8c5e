import CompanionAPI
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClient

/// The client against a loopback HTTP server that answers what each test needs.
struct CompanionAPIClientTests {
    static let connected = #"""
        {"ok":true,"connected":true,"connectedDevice":{"id":"abc123","name":"iPhone 16 Pro",
        "connectedAt":"2026-02-25T10:00:00.000Z","lastSeenAt":"2026-02-25T10:00:00.000Z"}}
        """#
    static let request = PairingCompleteRequest(
        pairingCode: "123456", pairingToken: nil, deviceName: "laptop", devicePublicKey: "key")

    func withServer(
        _ handler: @escaping @Sendable (LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response?,
        run body: (LoopbackHTTPServer) async throws -> Void
    ) async throws {
        let server = try LoopbackHTTPServer(handler: handler)
        defer { server.stop() }
        try await body(server)
    }

    @Test func decodesStatusAndSendsPairingBody() async throws {
        try await withServer(
            { _ in .init(json: Self.connected) },
            run: { server in
                let client = try CompanionAPIClient(baseURL: server.baseURL)
                let status = try await client.status()
                #expect(status.connectedDevice?.name == "iPhone 16 Pro")
                _ = try await client.completePairing(Self.request)
                let sent = server.requests.last!
                #expect(sent.method == "POST" && sent.path == "/companion/pairing/complete")
                #expect(try JSONValue.parse(sent.body)["pairingCode"] == .string("123456"))
                #expect(sent.headers["content-type"] == "application/json")
            })
    }

    @Test func serverErrorCarriesCodeAndMessage() async throws {
        let body = #"{"ok":false,"error":{"code":"wrong_code","message":"The pairing code is not correct."}}"#
        try await withServer(
            { _ in .init(status: 401, json: body) },
            run: { server in
                let client = try CompanionAPIClient(baseURL: server.baseURL)
                await #expect(
                    throws: CompanionClientError.server(
                        status: 401, code: "wrong_code", message: "The pairing code is not correct.")
                ) { _ = try await client.completePairing(Self.request) }
                #expect(CompanionClientError.server(status: 401, code: "wrong_code", message: "").retryGuidance != nil)
            })
    }

    @Test func nonJSONErrorKeepsTheStatus() async throws {
        try await withServer(
            { _ in .init(status: 404, json: "Not Found\u{1B}[2J") },
            run: { server in
                let client = try CompanionAPIClient(baseURL: server.baseURL)
                await #expect(throws: CompanionClientError.server(status: 404, code: nil, message: "Not Found [2J")) {
                    _ = try await client.health()
                }
            })
    }

    @Test(arguments: ["<html>hello</html>", #"{"ok":true}"#, #"{"ok":true,"connected":"yes","connectedDevice":null}"#])
    func malformedSuccessIsReported(body: String) async throws {
        try await withServer(
            { _ in .init(json: body) },
            run: { server in
                let client = try CompanionAPIClient(baseURL: server.baseURL)
                await #expect {
                    _ = try await client.status()
                } throws: { error in
                    guard case .malformedResponse(let endpoint, 200, _) = error as? CompanionClientError else {
                        return false
                    }
                    return endpoint == "GET /companion/status"
                }
            })
    }

    @Test func validationHappensBeforeAnyRequest() async throws {
        try await withServer(
            { _ in .init(json: Self.connected) },
            run: { server in
                let client = try CompanionAPIClient(baseURL: server.baseURL)
                var bad = Self.request
                bad.pairingCode = "12345"
                await #expect(throws: CompanionClientError.validation(.invalidCode)) {
                    _ = try await client.completePairing(bad)
                }
                bad = Self.request
                bad.deviceName = ""
                await #expect(throws: CompanionClientError.validation(.invalidDeviceName)) {
                    _ = try await client.completePairing(bad)
                }
                await #expect(throws: CompanionClientError.validation(.invalidDeviceID)) {
                    _ = try await client.revokeDevice(id: "")
                }
                #expect(server.requests.isEmpty)
            })
    }

    @Test func refusedConnectionGivesRetryGuidance() async throws {
        let refusing = try RefusingPort()
        defer { refusing.close() }
        let url = refusing.baseURL
        let client = try CompanionAPIClient(baseURL: url)
        await #expect {
            _ = try await client.status()
        } throws: { error in
            guard let error = error as? CompanionClientError, case .network(.refused, url) = error else { return false }
            return error.retryGuidance?.contains("sidecar") == true
        }
    }

    @Test func silentServerTimesOut() async throws {
        try await withServer(
            { _ in nil },
            run: { server in
                let client = try CompanionAPIClient(baseURL: server.baseURL, timeout: 0.5)
                await #expect(throws: CompanionClientError.network(.timedOut, url: server.baseURL)) {
                    _ = try await client.status()
                }
            })
    }

    @Test func unknownHostIsReported() async throws {
        let client = try CompanionAPIClient(baseURL: "https://no-such-host.invalid:7878", timeout: 5)
        await #expect {
            _ = try await client.health()
        } throws: { error in
            guard case .network(let failure, _) = error as? CompanionClientError else { return false }
            return failure == .hostNotFound || failure == .offline
        }
    }

    @Test func redirectsAreNotFollowed() async throws {
        try await withServer(
            { request in
                request.path == "/elsewhere"
                    ? .init(json: Self.connected) : .init(status: 302, json: "", headers: ["Location": "/elsewhere"])
            },
            run: { server in
                let client = try CompanionAPIClient(baseURL: server.baseURL)
                await #expect(throws: CompanionClientError.network(.redirected, url: server.baseURL)) {
                    _ = try await client.status()
                }
                #expect(server.requests.map(\.path) == ["/companion/status"])
            })
    }
}
