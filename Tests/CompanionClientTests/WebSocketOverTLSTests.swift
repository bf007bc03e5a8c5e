import CompanionAPI
import CompanionTLS
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClient

/// Both WebSockets over TLS to a sidecar reached at an IP address (how a LAN or tailnet sidecar is paired): the
/// handshake completes with the pinned key and the upgrade is answered. swift-websocket sends the URL's host as
/// the TLS server name, which NIOSSL refuses for an address (`cannotUseIPAddressInSNI`); before the transport sent
/// a name of its own there, `companion watch` and `logs --follow` could never connect over `wss://` to an address.
/// The sidecar here is the real one behind a TLS proxy presenting a certificate the test made (a loopback sidecar
/// serves plain HTTP); the requests are unsigned, so the sidecar's answer is its refusal, which proves the
/// connection and the upgrade went through.
@Suite struct WebSocketOverTLSTests {
    @Test func bothWebSocketsConnectOverPinnedTLSToAnAddress() async throws {
        let directory = try TestPaths.temporaryDirectory("wss-address")
        defer { try? FileManager.default.removeItem(at: directory) }
        let identity = try await TestTLSCertificates(directory: directory).selfSigned("sidecar")
        let sidecar = try await SidecarProcess.start()
        defer { sidecar.stop() }
        let proxy = try await TLSProxy(identity: identity, targetPort: try #require(sidecar.baseURL.port))
        let transport = try SidecarTransport(
            baseURL: proxy.url, timeout: TestDeadline.duration,
            tls: SidecarTLSPolicy(pins: [try TLSPin(certificateDER: identity.der)]))

        let events = await Self.answer {
            _ = try await AgentEventSocket(transport: transport).run(after: nil) { _ in [] }
        }
        #expect(events == nil, "\(events ?? "")")
        #expect(proxy.received.lowercased().contains("upgrade: websocket"), "the upgrade crossed: \(proxy.received)")
        let logs = await Self.answer {
            _ = try await TaskLogSocket(client: TaskClient(transport: transport)).follow(taskID: "t1", after: 0) {
                _ in
            }
        }
        // The task-log socket answers an unsigned upgrade with an HTTP error: an answer over the TLS connection.
        #expect(logs == nil || logs?.contains("did not accept the WebSocket upgrade") == true, "\(logs ?? "")")
        #expect(proxy.received.contains("/v1/tasks/t1/"), "the log socket's upgrade crossed: \(proxy.received)")
        await proxy.stop()
    }

    /// Nil when `body` ended with the sidecar's own answer (an outcome, or a refusal it sent); else what went wrong
    /// below it (the TLS connection, the upgrade never reaching the sidecar).
    private static func answer(_ body: () async throws -> Void) async -> String? {
        do {
            try await body()
            return nil
        } catch let error as CompanionClientError {
            switch error {
            case .network, .trust: return "\(error)"
            default: return nil
            }
        } catch {
            return "\(type(of: error)): \(error)"
        }
    }
}
