import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClient

/// The signing seam: called for every endpoint except `/health`, pairing and status, with what it must cover.
struct RequestSignerSeamTests {
    final class RecordingSigner: RequestSigning, @unchecked Sendable {
        let lock = NSLock()
        var seen: [SignableRequest] = []

        func headers(for request: SignableRequest) throws -> [String: String] {
            lock.withLock { seen.append(request) }
            return ["X-Companion-Test-Signature": "\(request.method) \(request.pathAndQuery)"]
        }
    }

    struct FailingSigner: RequestSigning {
        struct NoKey: Error {}
        func headers(for request: SignableRequest) throws -> [String: String] { throw NoKey() }
    }

    static let status = #"{"ok":true,"connected":false,"connectedDevice":null}"#

    @Test func signsOnlyTheEndpointsThatNeedIt() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/companion/devices"
                ? .init(json: #"{"ok":true,"devices":[]}"#)
                : request.path == "/health"
                    ? .init(json: #"{"ok":true,"service":"s","version":"1","protocol":"p","protocolVersion":1}"#)
                    : .init(json: Self.status)
        }
        defer { server.stop() }
        let signer = RecordingSigner()
        let client = try CompanionAPIClient(baseURL: server.baseURL, signer: signer)
        _ = try await client.health()
        _ = try await client.status()
        _ = try await client.disconnect()
        _ = try await client.devices()
        _ = try await client.revokeDevice(id: "dev/1 x")
        #expect(
            signer.seen.map { "\($0.method) \($0.pathAndQuery)" } == [
                "POST /companion/disconnect", "GET /companion/devices", "DELETE /companion/devices/dev%2F1%20x",
            ])
        let signed = server.requests.filter { $0.headers["x-companion-test-signature"] != nil }.map(\.path)
        #expect(signed == ["/companion/disconnect", "/companion/devices", "/companion/devices/dev%2F1%20x"])
    }

    @Test func signingFailureSendsNothing() async throws {
        let server = try LoopbackHTTPServer { _ in .init(json: Self.status) }
        defer { server.stop() }
        let client = try CompanionAPIClient(baseURL: server.baseURL, signer: FailingSigner())
        await #expect {
            _ = try await client.disconnect()
        } throws: { error in
            guard case .validation(.invalidRequest) = error as? CompanionClientError else { return false }
            return true
        }
        #expect(server.requests.isEmpty)
    }
}
