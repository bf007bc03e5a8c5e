import CompanionAPI
import CompanionClient
import CompanionCrypto
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The agent routes and `/ws` take the same signed requests as the task routes; a revoked device's socket closes.
extension TrustAttackTests {
    @Test func aRevokedDevicesEventSocketIsClosedAtOnce() async throws {
        try await live { probe in
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            let signer = ClockedSigner(signer: RequestSigner(keyPair: device.keys, deviceID: id), clock: clock)
            let transport = try SidecarTransport(
                baseURL: probe.baseURL.absoluteString, authentication: SidecarAuthentication(signer: signer),
                timeout: .seconds(30))
            let client = AgentClient(transport: transport)
            #expect(try await client.sessions().isEmpty)
            #expect(try await probe.get("/api/sessions").status == 401)

            let log = AgentEventLog.connect(AgentEventSocket(transport: transport))
            _ = try await log.first("the snapshot") { $0.type == "snapshot" }
            let path = "/companion/devices/\(id)"
            #expect(try await probe.send("DELETE", path, headers: signed(device, id: id, "DELETE", path)).status == 200)
            let revokedAt = ContinuousClock.now
            let outcome = try await log.ended(timeout: .seconds(10))
            let elapsed = ContinuousClock.now - revokedAt
            guard case .unauthorized(let why) = outcome else {
                Issue.record("the socket should be closed as unauthorized, got \(outcome)")
                return
            }
            #expect(why.contains("revoked"))
            #expect(elapsed < .seconds(2), "closed within the re-check interval: \(elapsed)")
            await #expect(throws: CompanionClientError.self) { try await client.sessions() }
        }
    }
}
