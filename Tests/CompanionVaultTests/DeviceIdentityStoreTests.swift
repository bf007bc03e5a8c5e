import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// The identity store on the file vault (no keyring needed).
struct DeviceIdentityStoreTests {
    @Test func createsOnceThenLoadsTheSameKey() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = DeviceIdentityStore(vault: try temporaryFileVault(dir))
        let (pair, created) = try store.loadOrCreate()
        #expect(created)
        let reloaded = try #require(try DeviceIdentityStore(vault: try temporaryFileVault(dir)).load())
        #expect(reloaded.publicKey == pair.publicKey)
        let message = Array("hello".utf8)
        #expect(pair.publicKey.verify(signature: reloaded.sign(message), message: message))
        #expect(try store.loadOrCreate().created == false)
    }

    @Test func rotationRecordsEveryRetiredFingerprint() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vault = try temporaryFileVault(dir)
        let store = DeviceIdentityStore(vault: vault)
        #expect(try store.rotate().retired == nil)  // rotating nothing just creates
        let a = try #require(try store.load())
        let b = try store.rotate().new
        let c = try store.rotate().new
        #expect(try store.history().map(\.fingerprint) == [a, b].map { $0.publicKey.fingerprint.description })
        #expect(try store.load()?.publicKey == c.publicKey)
        #expect(try vault.list().map(\.name) == ["identity", "identity-history"])
    }

    @Test func malformedIdentityIsReportedNotUsed() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vault = try temporaryFileVault(dir)
        try vault.set("identity", secret: SecureBytes([1, 2, 3]), label: "", kind: .identityKey)
        #expect(throws: VaultError.self) { try DeviceIdentityStore(vault: vault).loadOrCreate() }
        #expect(try vault.get("identity")?.count == 3)  // not overwritten
    }

    @Test func usageTrackingRecordsReadsOnly() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = VaultUsageLog(path: dir.appendingPathComponent("state/usage.json"))
        let vault = UsageTrackingVault(try temporaryFileVault(dir), backend: .file, usage: log)
        try vault.set("identity", secret: SecureBytes([1]), label: "", kind: .identityKey)
        #expect(log.lastUsed(backend: "file", name: "identity") == nil)
        _ = try vault.get("identity")
        let used = try #require(log.lastUsed(backend: "file", name: "identity"))
        #expect(abs(used.timeIntervalSinceNow) < 60)
        _ = try vault.get("absent")
        #expect(log.entries()["file"]?.keys.sorted() == ["identity"])
        let record = log.directory.appendingPathComponent("file").appendingPathComponent(
            ItemFileName.encode("identity"))
        #expect(try mode(record.path) == 0o600)
        #expect(try mode(log.directory.appendingPathComponent("file").path) == 0o700)
        try vault.remove("identity")
        #expect(log.lastUsed(backend: "file", name: "identity") == nil)
        #expect(!FileManager.default.fileExists(atPath: record.path))
        #expect(!FileManager.default.fileExists(atPath: log.path.path))  // usage.json is no longer written
    }
}
