import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// `companion sidecar audit --verify` on a registry edited behind the sidecar's back: the CLI exits 1 naming the
/// first changed row (with --json: one error document), and 0 on the intact log. The edit is made with Python's own
/// sqlite3 module, an independent peer, as someone with the database file would.
@Suite struct AuditVerifyCLITests {
    @Test func aTamperedAuditLogFailsVerification() async throws {
        let root = try TestPaths.temporaryDirectory("audit-verify")
        defer { try? FileManager.default.removeItem(at: root) }
        let dataDirectory = root.appendingPathComponent("sidecar")
        do {
            let registry = try Registry(directory: dataDirectory)
            for i in 0..<4 {
                try await registry.audit(
                    AuditEntry(
                        at: Date(), event: .approvalAllowed, deviceId: "dev-\(i)", detail: "session=s sha256=\(i)"))
            }
        }
        let cli = CompanionCLI()
        let intact = try await cli.run(["sidecar", "audit", "--verify", "--data-dir", dataDirectory.path])
        #expect(intact.status == Exit.success, "\(intact)")
        #expect(intact.stdout.contains("chain intact: 4 rows"), "\(intact.stdout)")

        let database = dataDirectory.appendingPathComponent(Registry.fileName).path
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("DROP TRIGGER auditLog_append_only_update")
            db.execute("UPDATE auditLog SET detail = 'session=s sha256=forged' WHERE id = 3")
            db.commit()
            """
        let edited = try await ProcessRunner.run("python3", ["-c", script, database])
        #expect(edited.status == 0, "\(edited)")

        let tampered = try await cli.run(["sidecar", "audit", "--verify", "--data-dir", dataDirectory.path])
        #expect(tampered.status == Exit.failure, "\(tampered)")
        #expect(tampered.stderr.contains("changed at row 3"), "\(tampered.stderr)")
        let json = try await cli.run(["sidecar", "audit", "--verify", "--json", "--data-dir", dataDirectory.path])
        #expect(json.status == Exit.failure, "\(json)")
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(document?["ok"] as? Bool == false, "\(json.stdout)")
        #expect((document?["error"] as? [String: Any])?["exitCode"] as? Int == 1)
    }
}
