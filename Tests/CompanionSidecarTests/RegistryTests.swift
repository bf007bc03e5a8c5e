import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The SQLite registry: schema, WAL, persistence, and an audit log that is append-only and free of secrets.
@Suite struct RegistryTests {
    @Test func opensInWALModeWithMigrations() throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let registry = fixture.sidecar.registry
        #expect(try registry.journalMode() == "wal")
        #expect(
            try registry.appliedMigrations() == [
                "tasks-v1", "tasks-v2-pr", "v1: devices, connection, audit log", "v2: audit log retention",
                "v3: audit log hash chain", "v4: device scopes", "v5: agent tmux sessions started",
                "v6: push subscriptions",
            ])
        #expect(try registry.integrityCheck() == "ok")
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.directory.path)[.posixPermissions]
        #expect((mode as? NSNumber)?.intValue == 0o700)
    }

    @Test func pairingsSurviveReopening() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let started = try await fixture.sidecar.pairing.start(ttlSeconds: nil, peer: "127.0.0.1")
        let phone = TestDevice(name: "kept")
        let paired = try await fixture.sidecar.pairing.complete(
            code: started.code, token: nil, name: phone.name, publicKey: phone.keys.publicKey.base64, peer: nil)
        let reopened = try Registry(directory: fixture.directory)
        #expect(try await reopened.devices().map(\.name) == ["kept"])
        #expect(reopened.status.connectedDevice == paired.connectedDevice)
        #expect(try await reopened.device(publicKey: phone.keys.publicKey.base64)?.id == paired.connectedDevice?.id)
    }

    @Test func auditLogRecordsEventsWithoutSecrets() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        var secrets: [String] = []
        try await fixture.live { probe, _ in
            let started = try await probe.startPairing()
            let payload = try QRPayload.parse(started.qrPayload)
            secrets += [started.code, payload.token]
            let phone = TestDevice()
            _ = try await probe.post(
                "/companion/pairing/complete", try phone.completeBody(code: otherCode(than: started.code)))
            let ok = try await probe.post(
                "/companion/pairing/complete", try phone.completeBody(code: started.code, token: payload.token))
            let id = try #require(try ok.decode(PairingCompleteResponse.self).connectedDevice?.id)
            _ = try await probe.post("/companion/disconnect")
            _ = try await probe.send("DELETE", "/companion/devices/\(id)")
        }
        let events = try await fixture.sidecar.registry.auditLog().map(\.event)
        #expect(events == [.pairingStarted, .pairingFailed, .paired, .disconnected, .revoked])
        for file in try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path) {
            let bytes = try Data(contentsOf: fixture.directory.appendingPathComponent(file))
            for secret in secrets {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) contains a pairing secret")
            }
        }
    }

    @Test func auditLogIsAppendOnly() async throws {
        let fixture = try SidecarFixture()
        defer { fixture.remove() }
        let registry = fixture.sidecar.registry
        try await registry.audit(AuditEntry(at: Date(), event: .disconnected))
        for statement in ["UPDATE auditLog SET event = 'x'", "DELETE FROM auditLog"] {
            let script = "import sqlite3,sys; sqlite3.connect(sys.argv[1]).execute(sys.argv[2])"
            let path = registry.path
            let result = try await ProcessRunner.run("python3", ["-c", script, path, statement])
            #expect(result.status != 0)
            #expect(result.stderr.contains("append-only"))
        }
        #expect(try await registry.auditLog().count == 1)
    }
}
