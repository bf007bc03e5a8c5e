import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// Reads made ahead in one batch: answered from memory, absent items stay absent, writes go through and are seen.
struct PrefetchedVaultTests {
    @Test func answersPrefetchedReadsAndForgetsWrittenItems() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let inner = try temporaryFileVault(dir)
        try inner.set("pairing", secret: SecureBytes([1, 2]), label: "", kind: .pairing)
        try inner.set("api-key", secret: SecureBytes([9]), label: "", kind: .apiKey)

        let vault = try PrefetchedVault(inner, names: ["pairing", "identity"])
        #expect(try vault.get("pairing")?.withUnsafeBytes { Array($0) } == [1, 2])
        #expect(try vault.get("identity") == nil)
        #expect(try vault.get("api-key")?.withUnsafeBytes { Array($0) } == [9])  // not prefetched: read through
        #expect(try vault.secrets(["pairing", "api-key", "absent"]).keys.sorted() == ["api-key", "pairing"])

        try vault.set("identity", secret: SecureBytes([7]), label: "", kind: .identityKey)
        #expect(try vault.get("identity")?.withUnsafeBytes { Array($0) } == [7])
        try vault.remove("pairing")
        #expect(try vault.get("pairing") == nil)
        #expect(try inner.get("pairing") == nil)
    }

    @Test func aBatchReadIsRecordedOnceForTheItemsFound() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = VaultUsageLog(path: dir.appendingPathComponent("state/usage.json"))
        let vault = UsageTrackingVault(try temporaryFileVault(dir), backend: .file, usage: log)
        try vault.set("identity", secret: SecureBytes([1]), label: "", kind: .identityKey)
        try vault.set("pairing", secret: SecureBytes([2]), label: "", kind: .pairing)
        let found = try vault.secrets(["identity", "pairing", "absent"])
        #expect(found.keys.sorted() == ["identity", "pairing"])
        #expect(log.entries()["file"]?.keys.sorted() == ["identity", "pairing"])
    }
}
