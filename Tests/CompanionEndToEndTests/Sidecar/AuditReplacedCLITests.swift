import CompanionTestSupport
import Foundation
import Testing

/// Issue 29, finding 10 (two holes of the keyed chain). A restart no longer re-keys a log whose keyed rows were
/// deleted while the sidecar was stopped: it records `audit_replaced`, logs it, and `audit --verify` exits 1 (it
/// appended `audit_keyed` and said "intact" before). `audit --verify` without the sidecar's audit key exits 15
/// ("not verified") where it said "intact" and exited 0.
@Suite(.enabled(if: TestKeyring.isAvailable)) struct AuditReplacedCLITests {
    /// Drops the audit log's triggers and deletes every row: what someone with the file can do.
    static let empty = """
        import sqlite3, sys
        db = sqlite3.connect(sys.argv[1])
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'auditLog'").fetchall():
            db.execute("DROP TRIGGER %s" % name)
        db.execute("DELETE FROM auditLog")
        db.commit()
        print(db.execute("SELECT count(*) FROM auditLog").fetchone()[0])
        """

    static func profile(of sidecar: SidecarProcess) -> String? {
        guard case .keyringProfile(let profile) = sidecar.options.identity else { return nil }
        return profile
    }

    @Test func aRestartDoesNotReKeyAnEmptiedLog() async throws {
        let root = try TestPaths.temporaryDirectory("audit-replaced")
        defer { try? FileManager.default.removeItem(at: root) }
        let log = root.appendingPathComponent("sidecar.log")
        let first = try await SidecarProcess.start(
            SidecarOptions(logFile: log, arguments: ["--log-level", "warning"], identity: .vaultProfile))
        defer { first.stop() }
        for _ in 0..<2 { _ = try await first.startPairing() }
        #expect(try await first.terminate() == 0)
        let profile = try #require(Self.profile(of: first))
        let cli = CompanionCLI(environment: ["COMPANION_SIDECAR_PROFILE": profile, "COMPANION_VAULT": "secret-service"])
        let directory = ["--data-dir", first.dataDirectory.path]
        let before = try await cli.run(["sidecar", "audit", "--verify"] + directory)
        #expect(before.status == Exit.success, "\(before)")

        let database = first.dataDirectory.appendingPathComponent("registry.sqlite").path
        let emptied = try await ProcessRunner.run("python3", ["-c", Self.empty, database])
        #expect(emptied.status == 0 && emptied.stdout.hasPrefix("0"), "\(emptied)")
        let second = try await first.restart()
        defer { second.stop() }
        #expect(try await second.terminate() == 0)

        let after = try await cli.run(["sidecar", "audit", "--verify"] + directory)
        #expect(after.status == Exit.failure, "\(after)")
        #expect(after.stderr.contains("keyed rows removed when it started"), "\(after.stderr)")
        #expect(after.stdout.contains("audit_replaced"), "\(after.stdout)")
        let logged = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(logged.contains("recorded as audit_replaced"), "\(logged)")
    }

    @Test func verifyingWithoutTheAuditKeyIsNotIntact() async throws {
        let sidecar = try await SidecarProcess.start(
            SidecarOptions(arguments: ["--log-level", "warning"], identity: .vaultProfile))
        defer { sidecar.stop() }
        _ = try await sidecar.startPairing()
        #expect(try await sidecar.terminate() == 0)
        let directory = ["--data-dir", sidecar.dataDirectory.path]
        let keyless = CompanionCLI(environment: [
            "COMPANION_SIDECAR_PROFILE": "test-nokey-\(UUID().uuidString.prefix(8))",
            "COMPANION_VAULT": "secret-service",
        ])
        let text = try await keyless.run(["sidecar", "audit", "--verify"] + directory)
        #expect(text.status == Exit.auditUnverified, "\(text)")
        #expect(!text.stdout.contains("chain intact"), "\(text.stdout)")
        #expect(text.stderr.contains("not verified") && text.stderr.contains("unlock the vault"), "\(text.stderr)")
        let json = try await keyless.run(["sidecar", "audit", "--verify", "--json"] + directory)
        #expect(json.status == Exit.auditUnverified, "\(json)")
        #expect(json.stdout.contains("\"auditUnverified\""), "\(json.stdout)")

        let profile = try #require(Self.profile(of: sidecar))
        let keyed = CompanionCLI(environment: [
            "COMPANION_SIDECAR_PROFILE": profile, "COMPANION_VAULT": "secret-service",
        ])
        let checked = try await keyed.run(["sidecar", "audit", "--verify"] + directory)
        #expect(checked.status == Exit.success && checked.stdout.contains("chain intact"), "\(checked)")
    }
}
