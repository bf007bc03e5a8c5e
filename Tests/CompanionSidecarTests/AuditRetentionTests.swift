import CompanionAPI
import CompanionSidecar
import CompanionTestSupport
import Foundation
import Testing

/// The audit log is bounded (issue #11): rows older than the retention age, and the oldest rows beyond the
/// row limit, are pruned by the sidecar, which first records the pruning as an audit row of its own. Nothing
/// else can delete rows.
@Suite struct AuditRetentionTests {
    static let day: TimeInterval = 86_400

    /// A registry whose own retention (10 years, a million rows) never prunes while a test fills it, so the
    /// test can apply the policy it is about with ``Registry/pruneAuditLog(now:retention:)``.
    static func lenientRegistry() throws -> (URL, Registry) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("companion-audit-\(UUID())")
        let registry = try Registry(
            directory: directory, auditRetention: AuditRetention(maxAgeDays: 3650, maxRows: 1_000_000))
        return (directory, registry)
    }

    /// Runs SQL in another process (python3's sqlite3), as someone editing the file by hand would.
    static func sqlite(_ path: String, _ statement: String) async throws -> ProcessRunner.Result {
        let script = "import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute(sys.argv[2]); c.commit()"
        return try await ProcessRunner.run("python3", ["-c", script, path, statement])
    }

    @Test func rowsOlderThanTheAgeArePrunedAndThePruningIsRecorded() async throws {
        let (directory, registry) = try Self.lenientRegistry()
        defer { try? FileManager.default.removeItem(at: directory) }
        let now = Date()
        for i in 0..<10 {
            try await registry.audit(AuditEntry(at: now - 120 * Self.day + Double(i), event: .pairingStarted))
        }
        for i in 0..<5 { try await registry.audit(AuditEntry(at: now - Double(100 - i), event: .disconnected)) }
        let removed = try await registry.pruneAuditLog(
            now: now, retention: AuditRetention(maxAgeDays: 90, maxRows: 1000))
        #expect(removed == 10)
        let log = try await registry.auditLog()
        #expect(log.count == 6)
        #expect(log.filter { $0.event == .disconnected }.count == 5)
        let record = try #require(log.last)
        #expect(record.event == .auditPruned)
        #expect(record.detail?.hasPrefix("pruned 10 rows recorded before ") == true, "\(record.detail ?? "")")
        // Nothing left to prune: no new record.
        #expect(
            try await registry.pruneAuditLog(now: now, retention: AuditRetention(maxAgeDays: 90, maxRows: 1000)) == 0)
        #expect(try await registry.auditLog().count == 6)
    }

    @Test func theOldestRowsBeyondTheRowLimitArePruned() async throws {
        let (directory, registry) = try Self.lenientRegistry()
        defer { try? FileManager.default.removeItem(at: directory) }
        let now = Date()
        for i in 0..<20 {
            try await registry.audit(AuditEntry(at: now - Double(60 - i), event: .pairingStarted, detail: "n\(i)"))
        }
        let removed = try await registry.pruneAuditLog(now: now, retention: AuditRetention(maxAgeDays: 90, maxRows: 5))
        #expect(removed == 16)
        let log = try await registry.auditLog()
        #expect(log.count == 5, "the limit includes the record of the pruning")
        #expect(log.dropLast().map(\.detail) == ["n16", "n17", "n18", "n19"])
        #expect(log.last?.event == .auditPruned)
    }

    @Test func theLogStaysAppendOnlyForEveryoneElse() async throws {
        let (directory, registry) = try Self.lenientRegistry()
        defer { try? FileManager.default.removeItem(at: directory) }
        let now = Date()
        for i in 0..<3 { try await registry.audit(AuditEntry(at: now - 200 * Self.day + Double(i), event: .revoked)) }
        for i in 0..<3 { try await registry.audit(AuditEntry(at: now - Double(10 - i), event: .revoked)) }
        _ = try await registry.pruneAuditLog(now: now, retention: .default)
        let before = try await registry.auditLog()
        #expect(before.count == 4)

        // Deleting rows the pruning did not cover, or the record of the pruning itself, is refused.
        for statement in [
            "DELETE FROM auditLog", "DELETE FROM auditLog WHERE event = 'audit_pruned'",
            "DELETE FROM auditLog WHERE id = \(before[0].id!)", "UPDATE auditLog SET detail = 'x'",
        ] {
            let result = try await Self.sqlite(registry.path, statement)
            #expect(result.status != 0, "\(statement)")
            #expect(result.stderr.contains("append-only"), "\(statement): \(result.stderr)")
        }
        // A forged pruning record covering rows that do not exist yet is refused.
        let forged = try await Self.sqlite(
            registry.path,
            "INSERT INTO auditLog (at, event, detail, prunedThroughId) VALUES ('2030-01-01', 'audit_pruned', 'x', 1000000)"
        )
        #expect(forged.status != 0)
        #expect(forged.stderr.contains("append-only"), "\(forged.stderr)")
        #expect(try await registry.auditLog() == before)
    }

    @Test func theSidecarPrunesWhenItStartsAndAsPairingsAreStarted() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("companion-audit-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try Registry(directory: directory)
        for i in 0..<30 { try await first.audit(AuditEntry(at: Date() - 100 * Self.day + Double(i), event: .paired)) }
        var configuration = SidecarConfiguration(host: "127.0.0.1", port: 0, dataDirectory: directory)
        configuration.auditRetention = AuditRetention(maxAgeDays: 90, maxRows: 10)
        let sidecar = try Sidecar(configuration: configuration, logLevel: .warning)
        let running = try await sidecar.start()
        #expect(try await sidecar.registry.auditLog().map(\.event) == [.auditPruned])
        let probe = HTTPProbe(baseURL: running.baseURL)
        for _ in 0..<25 { _ = try await probe.startPairing() }
        await running.stop()
        let log = try await sidecar.registry.auditLog()
        #expect(log.count <= 10, "\(log.count) rows")
        #expect(log.suffix(2).map(\.event) == [.pairingStarted, .auditPruned])
    }

    @Test func defaultsAreNinetyDaysAndOneHundredThousandRows() {
        #expect(AuditRetention.default == AuditRetention(maxAgeDays: 90, maxRows: 100_000))
        let configuration = SidecarConfiguration(dataDirectory: URL(fileURLWithPath: "/nonexistent"))
        #expect(configuration.auditRetention == .default)
    }
}
