import CompanionAPI
import CompanionTLS
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionClient

/// Pinned TLS on the one transport, against `openssl s_server` presenting certificates the test made: the
/// paired key is accepted whoever signed it, any other key is refused with a trust error that says what was
/// presented and whether a CA this machine trusts signed it, before a byte of the request is sent.
@Suite struct PinnedTLSTests {
    /// A test's certificates and the directory holding them.
    private static func certificates() throws -> (TestTLSCertificates, URL) {
        let directory = try TestPaths.temporaryDirectory("pinned-tls")
        return (TestTLSCertificates(directory: directory), directory)
    }

    private static func transport(_ url: String, pins: [TLSPin], trustStore: String? = nil) throws
        -> SidecarTransport
    {
        try SidecarTransport(
            baseURL: url, timeout: TestDeadline.duration,
            tls: SidecarTLSPolicy(pins: pins, trustStoreFile: trustStore))
    }

    private static func refusal(_ body: () async throws -> Void) async -> TLSRefusal? {
        do {
            try await body()
        } catch let CompanionClientError.trust(refusal) {
            return refusal
        } catch {
            Issue.record("expected a trust refusal, got \(error)")
        }
        return nil
    }

    @Test func thePinnedSelfSignedCertificateIsAcceptedAndAnotherKeyIsRefusedBeforeAnythingIsSent() async throws {
        let (made, directory) = try Self.certificates()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sidecar = try await made.selfSigned("sidecar")
        let other = try await made.selfSigned("interceptor")
        let sidecarPin = try TLSPin(certificateDER: sidecar.der)
        let otherPin = try TLSPin(certificateDER: other.der)

        let genuine = try await OpenSSLServer(identity: sidecar, www: true)
        defer { Task { await genuine.stop() } }
        let answer = try await Self.transport(genuine.url, pins: [otherPin, sidecarPin]).send(.health)
        #expect(answer.status == 200)

        let interceptor = try await OpenSSLServer(identity: other, www: false)
        let refused = await Self.refusal {
            _ = try await Self.transport(interceptor.url, pins: [sidecarPin]).send(.signedStatus)
        }
        #expect(!interceptor.received.contains("GET"), "\(interceptor.received)")
        // The control: a client that accepts the interceptor's key does send its request, and the recorder sees it.
        let accepting = try SidecarTransport(
            baseURL: interceptor.url, timeout: .seconds(2), tls: SidecarTLSPolicy(pins: [otherPin], trustStoreFile: nil)
        )
        _ = try? await accepting.send(.signedStatus)
        try await interceptor.process.waitForOutput(timeout: TestDeadline.seconds) { out, _ in
            out.contains("GET /companion/status")
        }
        await interceptor.stop()
        #expect(refused?.reason == .pinMismatch)
        #expect(refused?.presented == otherPin)
        #expect(refused?.expected == [sidecarPin])
        #expect(refused?.signedByTrustedCA == false)
        #expect(refused?.description.contains(otherPin.description) == true)
        #expect(refused?.description.contains(sidecarPin.description) == true)
    }

    @Test func aCertificateFromATrustedCAIsRefusedWhenItsKeyIsNotThePinnedOne() async throws {
        let (made, directory) = try Self.certificates()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = try await made.authority()
        let sidecar = try await made.selfSigned("sidecar")
        let interceptor = try await OpenSSLServer(identity: try await made.issued("interceptor"), www: true)
        defer { Task { await interceptor.stop() } }
        // Unpinned, the trust store decides: the test CA's certificate for 127.0.0.1 passes it.
        let unpinned = try await Self.transport(interceptor.url, pins: [], trustStore: ca.certificate).send(.health)
        #expect(unpinned.status == 200)
        // Pinned, the same certificate is refused, and the refusal says a trusted CA signed it.
        let refused = await Self.refusal {
            _ = try await Self.transport(
                interceptor.url, pins: [try TLSPin(certificateDER: sidecar.der)], trustStore: ca.certificate
            ).send(.health)
        }
        #expect(refused?.reason == .pinMismatch)
        #expect(refused?.signedByTrustedCA == true)
        #expect(refused?.description.contains("signed by a certificate authority this machine trusts") == true)
    }

    @Test func unpinnedHTTPSIsVerifiedWithTheTrustStore() async throws {
        let (made, directory) = try Self.certificates()
        defer { try? FileManager.default.removeItem(at: directory) }
        let selfSigned = try await made.selfSigned("sidecar")
        let server = try await OpenSSLServer(identity: selfSigned, www: true)
        defer { Task { await server.stop() } }
        let refused = await Self.refusal { _ = try await Self.transport(server.url, pins: []).send(.health) }
        #expect(refused?.reason == .notTrusted)
        #expect(refused?.presented == (try TLSPin(certificateDER: selfSigned.der)))
        #expect(refused?.expected.isEmpty == true)
    }

    @Test func aBroughtCertificateNeedsTheTrustStoreAndThePin() async throws {
        let (made, directory) = try Self.certificates()
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = try await made.authority()
        let brought = try await made.issued("sidecar")
        let pin = try TLSPin(certificateDER: brought.der)
        let server = try await OpenSSLServer(identity: brought, www: true)
        defer { Task { await server.stop() } }
        let accepted = try await Self.transport(server.url, pins: [pin], trustStore: ca.certificate).send(.health)
        #expect(accepted.status == 200)
        let refused = await Self.refusal {
            _ = try await Self.transport(server.url, pins: [pin], trustStore: "/nonexistent/ca.pem").send(.health)
        }
        #expect(refused?.reason == .chainNotTrusted)
        #expect(refused?.presented == pin)
    }

    @Test func theEventStreamAndBothWebSocketsAreRefusedToAnotherKey() async throws {
        let (made, directory) = try Self.certificates()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sidecarPin = try TLSPin(certificateDER: try await made.selfSigned("sidecar").der)
        let interceptor = try await OpenSSLServer(identity: try await made.selfSigned("interceptor"), www: false)
        let transport = try Self.transport(interceptor.url, pins: [sidecarPin])
        let stream = await Self.refusal {
            _ = try await ClaudeCodeClient(transport: transport).chat(ChatStreamRequest(prompt: "secret prompt"))
        }
        let logs = await Self.refusal {
            _ = try await TaskLogSocket(client: TaskClient(transport: transport)).follow(taskID: "t1", after: 0) { _ in
            }
        }
        let events = await Self.refusal {
            _ = try await AgentEventSocket(transport: transport).run(after: nil) { _ in [] }
        }
        await interceptor.stop()
        for refusal in [stream, logs, events] { #expect(refusal?.reason == .pinMismatch) }
        #expect(!interceptor.received.contains("secret prompt"))
        #expect(!interceptor.received.contains("Upgrade"))
    }
}
