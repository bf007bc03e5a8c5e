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
                timeout: TestDeadline.duration)
            let client = AgentClient(transport: transport)
            #expect(try await client.sessions().isEmpty)
            #expect(try await probe.get("/api/sessions").status == 401)

            let log = AgentEventLog.connect(AgentEventSocket(transport: transport))
            _ = try await log.first("the snapshot") { $0.type == "snapshot" }
            let path = "/companion/devices/\(id)"
            #expect(try await probe.send("DELETE", path, headers: signed(device, id: id, "DELETE", path)).status == 200)
            // Closed by the socket's own re-check (every 100 ms), with nothing else sent on it; no clock is read
            // (under load, the time measured here is mostly time spent waiting for a thread), the deadline only
            // catches a socket that is never closed.
            let outcome = try await log.ended(timeout: .seconds(60))
            guard case .unauthorized(let why) = outcome else {
                Issue.record("the socket should be closed as unauthorized, got \(outcome)")
                return
            }
            #expect(why.contains("revoked"))
            await #expect(throws: CompanionClientError.self) { try await client.sessions() }
        }
    }

    /// The owner narrowing a device's scopes applies to its open `/ws` at once: `send_input` asks for `control` on
    /// every message (not once at connect), and a device that lost `read` has its socket closed.
    @Test func narrowingADevicesScopesAppliesToItsOpenSocket() async throws {
        let sidecar = try sidecar()
        let running = try await sidecar.start()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tmux = sidecar.configuration.agents?.tmuxSocket
        defer { if let tmux { ProcessRunner.cleanUp("/usr/bin/tmux", ["-L", tmux, "kill-server"], timeout: 10) } }
        do {
            let probe = HTTPProbe(baseURL: running.baseURL)
            let device = TestDevice()
            let id = try await pair(device, probe: probe)
            _ = try await sidecar.registry.setScopes([.read, .control], deviceID: id, at: clock.now, peer: nil)
            let signer = ClockedSigner(signer: RequestSigner(keyPair: device.keys, deviceID: id), clock: clock)
            let transport = try SidecarTransport(
                baseURL: probe.baseURL.absoluteString, authentication: SidecarAuthentication(signer: signer),
                timeout: TestDeadline.duration)
            let client = AgentClient(transport: transport)
            let project = directory.appendingPathComponent("project")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            let session = try await client.create(CreateAgentSessionRequest(project: project.path, command: ["cat"]))

            let log = AgentEventLog.connect(AgentEventSocket(transport: transport), terminals: [session.id])
            _ = try await log.first("the snapshot") { $0.type == "snapshot" }
            log.send(AgentClientMessage(type: "send_input", sessionId: session.id, text: "while allowed"))
            _ = try await log.first("the echo") { $0.terminal(session.id, contains: "while allowed") }

            _ = try await sidecar.registry.setScopes([.read], deviceID: id, at: clock.now, peer: nil)
            let before = await log.events.count
            log.send(AgentClientMessage(type: "send_input", sessionId: session.id, text: "after narrowing"))
            let refused = try await log.next(after: before, "the refusal") { $0.type == "error" }
            #expect(refused.message?.contains("'control' scope") == true, "\(refused)")
            let terminal = try await AgentClient(
                transport: try SidecarTransport(
                    baseURL: probe.baseURL.absoluteString,
                    authentication: SidecarAuthentication(signer: signer), timeout: TestDeadline.duration)
            ).terminal(id: session.id, lines: 20)
            #expect(!terminal.lines.contains { $0.contains("after narrowing") })
            #expect(try await sidecar.registry.auditLog().filter { $0.event == .agentInput }.count == 1)

            // Without `read` the socket itself goes, like a revoked device's.
            _ = try await sidecar.registry.setScopes([.tasks], deviceID: id, at: clock.now, peer: nil)
            let outcome = try await log.ended(timeout: .seconds(10))
            guard case .unauthorized(let why) = outcome else {
                Issue.record("the socket should be closed as unauthorized, got \(outcome)")
                await running.stop()
                return
            }
            #expect(why.contains("'read' scope"))
        } catch {
            await running.stop()
            throw error
        }
        await running.stop()
    }
}
