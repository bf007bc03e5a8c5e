import CompanionTestSupport
import Foundation
import Testing

/// Issue 29, finding 10: a paired device witnesses the audit log's head. `companion status` keeps the newest row it
/// saw with its pairing record and, on its next call, reports a rollback (the registry restored from an older
/// copy) or a fork (a row it saw rewritten) with exit 16; normal progress only moves the stored head.
@Suite(.enabled(if: TestKeyring.isAvailable), .timeLimit(.minutes(3)))
struct AuditWitnessEndToEndTests {
    static func files(_ directory: URL) -> [String] {
        ["registry.sqlite", "registry.sqlite-wal", "registry.sqlite-shm"].filter {
            FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path)
        }
    }

    static func witness(_ cli: CompanionCLI) async throws -> (ProcessRunner.Result, JSONValue) {
        try await cli.json(["status"])
    }

    @Test func aRollbackOfTheRegistryIsReported() async throws {
        let first = try await SidecarProcess.start(SidecarOptions(identity: .vaultProfile))
        defer { first.stop() }
        let cli = CompanionCLI()
        _ = try await ConnectionEndToEndTests.pair(cli, first, name: "Phone")
        let (initial, seen) = try await Self.witness(cli)
        #expect(initial.status == Exit.success && seen["auditWitness"]?["finding"] == .string("first"), "\(initial)")

        #expect(try await first.terminate() == 0)
        let backup = try TestPaths.temporaryDirectory("audit-backup")
        defer { try? FileManager.default.removeItem(at: backup) }
        for name in Self.files(first.dataDirectory) {
            try FileManager.default.copyItem(
                at: first.dataDirectory.appendingPathComponent(name), to: backup.appendingPathComponent(name))
        }
        let second = try await first.restart()
        defer { second.stop() }
        for _ in 0..<2 { _ = try await second.startPairing() }
        let (moved, progress) = try await Self.witness(cli)
        #expect(moved.status == Exit.success, "\(moved)")
        #expect(progress["auditWitness"]?["finding"] == .string("progressed"), "\(moved.stdout)")
        #expect(!moved.stderr.contains("rollback"), "\(moved.stderr)")

        #expect(try await second.terminate() == 0)
        for name in Self.files(second.dataDirectory) {
            try FileManager.default.removeItem(at: second.dataDirectory.appendingPathComponent(name))
        }
        for name in Self.files(backup) {
            try FileManager.default.copyItem(
                at: backup.appendingPathComponent(name), to: second.dataDirectory.appendingPathComponent(name))
        }
        let third = try await second.restart()
        defer { third.stop() }
        let rolled = try await cli.run(["status"])
        #expect(rolled.status == Exit.auditDiverged, "\(rolled)")
        #expect(rolled.stderr.contains("audit log rollback") && rolled.stderr.contains("audit --verify"), "\(rolled)")
        let again = try await cli.run(["status", "--json"])
        #expect(again.status == Exit.auditDiverged && again.stdout.contains("\"auditDiverged\""), "\(again)")
    }

    /// Rewrites the row `argv[2]`: another detail, hashed under another key.
    static let rewrite = """
        import hashlib, hmac, os, sqlite3, sys
        db = sqlite3.connect(sys.argv[1])
        for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'auditLog'").fetchall():
            db.execute("DROP TRIGGER %s" % name)
        row = int(sys.argv[2])
        prev, at, event = db.execute("SELECT prevHash, at, event FROM auditLog WHERE id = ?", (row,)).fetchone()
        text = "\\x1f".join([prev, at, event, "", "", "rewritten", ""]).encode()
        digest = "hmac-sha512:" + hmac.new(os.urandom(32), text, hashlib.sha512).hexdigest()
        db.execute("UPDATE auditLog SET detail = 'rewritten', hash = ? WHERE id = ?", (digest, row))
        db.commit()
        print(db.total_changes)
        """

    @Test func aRewrittenRowIsReportedAsAFork() async throws {
        let first = try await SidecarProcess.start(SidecarOptions(identity: .vaultProfile))
        defer { first.stop() }
        let cli = CompanionCLI()
        _ = try await ConnectionEndToEndTests.pair(cli, first, name: "Phone")
        let (initial, seen) = try await Self.witness(cli)
        #expect(initial.status == Exit.success, "\(initial)")
        guard case .integer(let head) = seen["auditWitness"]?["head"]?["id"] else {
            Issue.record("no audit head in \(initial.stdout)")
            return
        }
        #expect(try await first.terminate() == 0)

        let database = first.dataDirectory.appendingPathComponent("registry.sqlite").path
        let rewritten = try await ProcessRunner.run("python3", ["-c", Self.rewrite, database, String(head)])
        #expect(rewritten.status == 0, "\(rewritten)")
        let second = try await first.restart()
        defer { second.stop() }
        let forked = try await cli.run(["status"])
        #expect(forked.status == Exit.auditDiverged, "\(forked)")
        #expect(forked.stderr.contains("audit log fork") && forked.stderr.contains("another hash"), "\(forked)")
    }
}
