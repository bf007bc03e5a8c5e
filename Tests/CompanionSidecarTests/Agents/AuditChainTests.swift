import CompanionTestSupport
import Foundation
import GRDB
import Testing

@testable import CompanionSidecar

/// The audit log's hash chain, on a real SQLite registry.
@Suite struct AuditChainTests {
    let directory: URL

    init() throws {
        directory = try TestPaths.temporaryDirectory("audit-chain")
    }

    @Test func anIntactLogVerifiesAndAChangedOrRemovedRowIsFound() async throws {
        let registry = try Registry(directory: directory)
        for i in 0..<5 {
            try await registry.audit(
                AuditEntry(at: Date(), event: .approvalAllowed, deviceId: "dev-\(i)", detail: "session=s sha256=\(i)"))
        }
        let intact = try await registry.verifyAuditChain()
        #expect(intact.isIntact)
        #expect(intact.rows == 5)
        #expect(try await registry.auditLog().allSatisfy { $0.hash?.count == 64 && $0.prevHash != nil })

        // Someone with the database file edits a row behind the sidecar's back.
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(Registry.fileName).path)
        try await queue.write { db in
            try db.execute(sql: "DROP TRIGGER auditLog_append_only_update")
            try db.execute(sql: "UPDATE auditLog SET event = 'approval_denied' WHERE id = 3")
        }
        let changed = try await registry.verifyAuditChain()
        #expect(changed.firstBreak?.id == 3)
        #expect(changed.firstBreak?.problem.contains("changed") == true)
    }

    @Test func aRowRemovedFromTheMiddleBreaksTheChainAtTheNextRow() async throws {
        let registry = try Registry(directory: directory)
        for i in 0..<4 { try await registry.audit(AuditEntry(at: Date(), event: .agentInput, detail: "n\(i)")) }
        let queue = try DatabaseQueue(path: directory.appendingPathComponent(Registry.fileName).path)
        try await queue.write { db in
            try db.execute(sql: "DROP TRIGGER auditLog_delete_only_recorded_pruning")
            try db.execute(sql: "DELETE FROM auditLog WHERE id = 2")
        }
        let report = try await registry.verifyAuditChain()
        #expect(report.firstBreak?.id == 3)
        #expect(report.rows == 3)
    }

    @Test func theMigrationChainsTheRowsAlreadyThere() async throws {
        let path = directory.appendingPathComponent(Registry.fileName).path
        let queue = try DatabaseQueue(path: path)
        try RegistryMigrations.migrator.migrate(queue, upTo: "v2: audit log retention")
        try await queue.write { db in
            for event in ["paired", "revoked", "pairing_started"] {
                try db.execute(
                    sql: "INSERT INTO auditLog (at, event, deviceId) VALUES (?, ?, 'd1')", arguments: [Date(), event])
            }
        }
        try queue.close()
        let registry = try Registry(directory: directory)
        #expect(try registry.appliedMigrations().contains("v3: audit log hash chain"))
        try await registry.audit(AuditEntry(at: Date(), event: .approvalDenied))
        let report = try await registry.verifyAuditChain()
        #expect(report.isIntact)
        #expect(report.rows == 4)
    }

    @Test func pruningKeepsTheRestOfTheChainVerifiable() async throws {
        let registry = try Registry(directory: directory, auditRetention: AuditRetention(maxAgeDays: 1, maxRows: 10))
        for i in 0..<25 { try await registry.audit(AuditEntry(at: Date(), event: .agentInput, detail: "n\(i)")) }
        try await registry.pruneAuditLog(now: Date(), retention: AuditRetention(maxAgeDays: 1, maxRows: 10))
        let report = try await registry.verifyAuditChain()
        #expect(report.isIntact)
        #expect(report.rows <= 10)
    }
}
