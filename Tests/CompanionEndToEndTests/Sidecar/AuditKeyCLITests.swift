import CompanionTestSupport
import Foundation
import Testing

/// Issue 29, finding 10: `companion sidecar serve` with its vault keys the audit chain (HMAC-SHA-512 with a key
/// kept next to its identity). Someone with the database file inserts an `audit_pruned` row covering every earlier
/// row, with a correct SHA-256 hash as the unkeyed chain had, and deletes those rows (the triggers allow it):
/// `companion sidecar audit --verify` now exits 1, where it said "intact" before. The listing shows each row's hash.
@Suite(.enabled(if: TestKeyring.isAvailable)) struct AuditKeyCLITests {
    static let forge = """
        import hashlib, sqlite3, sys
        db = sqlite3.connect(sys.argv[1])
        last, prev, at = db.execute("SELECT id, hash, at FROM auditLog ORDER BY id DESC LIMIT 1").fetchone()
        detail = "pruned %d rows recorded before %s (keeping 90 days, 100000 rows)" % (last, at)
        text = "\\x1f".join([prev, at, "audit_pruned", "", "", detail, str(last)])
        digest = hashlib.sha256(text.encode()).hexdigest()
        db.execute("INSERT INTO auditLog (at, event, detail, prunedThroughId, prevHash, hash) VALUES (?, ?, ?, ?, ?, ?)",
                   (at, "audit_pruned", detail, last, prev, digest))
        db.execute("DELETE FROM auditLog WHERE id <= ?", (last,))
        db.commit()
        print(db.execute("SELECT count(*) FROM auditLog").fetchone()[0])
        """

    @Test func aForgedPruningRecordNoLongerVerifies() async throws {
        let sidecar = try await SidecarProcess.start(
            SidecarOptions(arguments: ["--log-level", "warning"], identity: .vaultProfile))
        defer { sidecar.stop() }
        guard case .keyringProfile(let profile) = sidecar.options.identity else {
            Issue.record("the sidecar has no vault profile")
            return
        }
        for _ in 0..<3 { _ = try await sidecar.startPairing() }
        #expect(try await sidecar.terminate() == 0)
        let cli = CompanionCLI(environment: ["COMPANION_SIDECAR_PROFILE": profile, "COMPANION_VAULT": "secret-service"])
        let directory = ["--data-dir", sidecar.dataDirectory.path]

        let intact = try await cli.run(["sidecar", "audit", "--verify"] + directory)
        #expect(intact.status == Exit.success, "\(intact)")
        #expect(intact.stdout.contains("keyed with the sidecar's audit key and checked"), "\(intact.stdout)")
        let listed = try await cli.run(["sidecar", "audit", "--json"] + directory)
        let entries = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
        let hashes = (entries?["entries"] as? [[String: Any]])?.compactMap { $0["hash"] as? String } ?? []
        #expect(hashes.count >= 3 && hashes.allSatisfy { $0.hasPrefix("hmac-sha512:") }, "\(listed.stdout)")

        let database = sidecar.dataDirectory.appendingPathComponent("registry.sqlite").path
        let forged = try await ProcessRunner.run("python3", ["-c", Self.forge, database])
        #expect(forged.status == 0 && forged.stdout.hasPrefix("1"), "\(forged)")
        let tampered = try await cli.run(["sidecar", "audit", "--verify"] + directory)
        #expect(tampered.status == Exit.failure, "\(tampered)")
        #expect(tampered.stderr.contains("not keyed"), "\(tampered.stderr)")
    }
}
