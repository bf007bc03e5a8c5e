import CompanionAPI
import CompanionCrypto
import CompanionTestSupport
import Foundation
import GRDB
import Testing

@testable import CompanionSidecar

/// Issue 29, finding 10: the audit chain's genesis is checked, a keyed chain cannot be extended or replaced
/// without the key, and a pruning record may cover only what its retention let go.
@Suite struct AuditKeyTests {
    static func registry(key: SecureBytes? = nil) throws -> (URL, Registry) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("companion-chain-\(UUID())")
        let registry = try Registry(
            directory: directory, auditRetention: AuditRetention(maxAgeDays: 3650, maxRows: 1_000_000),
            auditKey: key)
        return (directory, registry)
    }

    /// The oldest rows deleted behind the sidecar's back (triggers dropped): the row kept first still names the
    /// removed one in `prevHash`, and no pruning record covers them.
    @Test func theOldestRowMustBeTheFirstWrittenOrFollowAPruning() async throws {
        let (directory, registry) = try Self.registry()
        defer { try? FileManager.default.removeItem(at: directory) }
        for i in 0..<4 { try await registry.audit(AuditEntry(at: Date(), event: .pairingStarted, detail: "n\(i)")) }
        #expect(try await registry.verifyAuditChain().isIntact)
        let path = directory.appendingPathComponent(Registry.fileName).path
        for statement in ["DROP TRIGGER auditLog_delete_only_recorded_pruning", "DELETE FROM auditLog WHERE id <= 2"] {
            #expect(try await AuditRetentionTests.sqlite(path, statement).status == 0)
        }
        let report = try await registry.verifyAuditChain()
        #expect(report.firstBreak?.id == 3, "\(report)")
        #expect(report.firstBreak?.problem.contains("oldest row") == true)
    }

    @Test func aKeyedChainIsCheckedWithItsKeyAndRefusesUnkeyedRows() async throws {
        let key = SecureBytes(SecureRandom.bytes(32))
        let (directory, registry) = try Self.registry(key: key)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await registry.markAuditChainKeyed(at: Date(), keyIsNew: true)
        for i in 0..<3 { try await registry.audit(AuditEntry(at: Date(), event: .pairingStarted, detail: "n\(i)")) }
        let report = try await registry.verifyAuditChain()
        #expect(report.isIntact && report.keyedRows == 4 && report.uncheckedKeyedRows == 0, "\(report)")
        #expect(report.lastHash?.hasPrefix("hmac-sha512:") == true)

        // Another key: every row fails; no key: nothing appended, keyed rows counted as unchecked.
        let other = try Registry(
            directory: directory, auditKey: SecureBytes(SecureRandom.bytes(32)))
        #expect(try await other.verifyAuditChain().firstBreak?.id == 1)
        let keyless = try Registry(directory: directory)
        await #expect(throws: AuditKeyMissing.self) {
            try await keyless.audit(AuditEntry(at: Date(), event: .revoked, deviceId: "d"))
        }
        let unchecked = try await keyless.verifyAuditChain()
        #expect(unchecked.isIntact && unchecked.uncheckedKeyedRows == 4, "\(unchecked)")
    }

    /// With a key that existed before, an empty log is not re-keyed: `audit_replaced` is recorded and is a break.
    @Test func anExistingKeyDoesNotReKeyAnEmptyLog() async throws {
        let key = SecureBytes(SecureRandom.bytes(32))
        let (directory, registry) = try Self.registry(key: key)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try await registry.markAuditChainKeyed(at: Date(), keyIsNew: false))
        try await registry.audit(AuditEntry(at: Date(), event: .pairingStarted))
        #expect(try await registry.markAuditChainKeyed(at: Date(), keyIsNew: false) == false)
        let report = try await registry.verifyAuditChain()
        #expect(report.firstBreak?.id == 1 && report.keyedRows == 2, "\(report)")
        #expect(try await registry.auditLog().map(\.event) == [.auditReplaced, .pairingStarted])
    }

    /// A pruning record that says it kept 90 days and 100,000 rows but removed rows written a second earlier.
    @Test func aPruningRecordBeyondItsRetentionIsABreak() async throws {
        let (directory, registry) = try Self.registry(key: SecureBytes(SecureRandom.bytes(32)))
        defer { try? FileManager.default.removeItem(at: directory) }
        let now = Date()
        for i in 0..<3 { try await registry.audit(AuditEntry(at: now - 1, event: .pairingStarted, detail: "n\(i)")) }
        let last = try #require(try await registry.auditLog().last)
        let detail =
            "pruned 3 rows recorded before \(Timestamp.string(from: now)) (keeping 90 days, 100000 rows); "
            + "last removed row at \(Timestamp.string(from: last.at)), hash \(last.hash ?? "")"
        try await registry.audit(AuditEntry(at: now, event: .auditPruned, detail: detail, prunedThroughId: last.id))
        let report = try await registry.verifyAuditChain()
        #expect(report.firstBreak?.id == (last.id ?? 0) + 1, "\(report)")
        #expect(report.firstBreak?.problem.contains("retention") == true)
        // The sidecar's own pruning passes.
        let (other, lawful) = try Self.registry(key: SecureBytes(SecureRandom.bytes(32)))
        defer { try? FileManager.default.removeItem(at: other) }
        for i in 0..<6 { try await lawful.audit(AuditEntry(at: now - 200 * 86_400 + Double(i), event: .paired)) }
        for i in 0..<3 { try await lawful.audit(AuditEntry(at: now - Double(10 - i), event: .revoked)) }
        #expect(try await lawful.pruneAuditLog(now: now, retention: AuditRetention(maxAgeDays: 90, maxRows: 1000)) == 6)
        #expect(try await lawful.verifyAuditChain().isIntact)
        #expect(try await lawful.pruneAuditLog(now: now, retention: AuditRetention(maxAgeDays: 90, maxRows: 3)) > 0)
        let afterCount = try await lawful.verifyAuditChain()
        #expect(afterCount.isIntact, "\(afterCount)")
    }

    /// A registry of today's schema (v4, unkeyed rows, a device) opened by this version: migrated to v6, its rows
    /// still verify, a keyed sidecar continues the chain with its key from an `audit_keyed` row, and the recorded
    /// agent sessions and push subscriptions start empty.
    @Test func todaysRegistryMigratesAndItsChainContinuesKeyed() async throws {
        let directory = try TestPaths.temporaryDirectory("audit-migration")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(Registry.fileName).path
        do {
            let queue = try DatabaseQueue(path: path)
            try RegistryMigrations.migrator.migrate(queue, upTo: "v4: device scopes")
            try await queue.write { db in
                for event in ["paired", "revoked"] {
                    try AuditChain.append(
                        AuditEntry(at: Date(), event: AuditEntry.Event(rawValue: event)!, deviceId: "d1"), db, key: nil)
                }
            }
        }
        let key = SecureBytes(SecureRandom.bytes(32))
        let registry = try Registry(path: path, auditKey: key)
        #expect(try registry.appliedMigrations().last == "v6: push subscriptions")
        #expect(try await registry.recordedAgentSessions().isEmpty)
        #expect(try await registry.pushSubscriptions().isEmpty)
        try await registry.markAuditChainKeyed(at: Date(), keyIsNew: true)
        try await registry.audit(AuditEntry(at: Date(), event: .pairingStarted))
        let report = try await registry.verifyAuditChain()
        #expect(report.isIntact && report.rows == 4 && report.keyedRows == 2, "\(report)")
        let log = try await registry.auditLog()
        #expect(log.map(\.event) == [.paired, .revoked, .auditKeyed, .pairingStarted])
    }
}
