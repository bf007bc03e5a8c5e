import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault
@testable import CompanionVaultSecretService

/// The Secret Service backend against the real gnome-keyring of scripts/with-keyring.sh.
@Suite(.enabled(if: TestKeyring.isAvailable, "needs a real keyring: run under scripts/with-keyring.sh"))
struct SecretServiceVaultTests {
    @Test func roundTripsBinarySecretsAndMetadata() throws {
        let profile = try VaultProfile(TestKeyring.uniqueProfile())
        let vault = try SecretServiceVault(profile: profile)
        defer { for item in (try? vault.list()) ?? [] { try? vault.remove(item.name) } }
        #expect(try vault.list().isEmpty)
        #expect(try vault.get("identity") == nil)

        let binary: [UInt8] = [0, 0, 0xFF, 0xC3, 0x28, 0, 0x80] + SecureRandom.bytes(64) + [0]
        try vault.set("identity", secret: SecureBytes(binary), label: "test key", kind: .identityKey)
        try vault.set(
            "sidecar-url", secret: SecureBytes(Array("http://10.0.0.2:7878".utf8)), label: "u", kind: .sidecarURL)

        let reopened = try SecretServiceVault(profile: profile)
        #expect(try reopened.get("identity")?.withUnsafeBytes { Array($0) } == binary)
        let items = try reopened.list()
        #expect(items.map(\.name) == ["identity", "sidecar-url"])
        #expect(items[0].kind == .identityKey)
        #expect(items[0].label == "test key")
        #expect(abs(items[0].created.timeIntervalSinceNow) < 120)

        let report = try reopened.report()
        #expect(report.backend == "secret-service")
        #expect(report.locations["identity"]?.locked == false)
        #expect(report.locations["identity"]?.objectPath?.hasPrefix("/org/freedesktop/secrets/collection/") == true)
        #expect(report.defaultCollectionLocked == false)
        #expect(report.sessionAlgorithm != "plain")
    }

    @Test func readsAnItemWithItsMetadata() throws {
        let vault = try SecretServiceVault(profile: try VaultProfile(TestKeyring.uniqueProfile()))
        defer { for item in (try? vault.list()) ?? [] { try? vault.remove(item.name) } }
        #expect(try vault.item("identity") == nil)
        let key = SecureRandom.bytes(64)
        try vault.set("identity", secret: SecureBytes(key), label: "device key", kind: .identityKey)
        let item = try #require(try vault.item("identity"))
        let listed = try #require(try vault.list().first)
        #expect(item.secret.withUnsafeBytes { Array($0) } == key)
        #expect(item.metadata == listed)
        #expect(item.metadata.name == "identity")
        #expect(item.metadata.label == "device key")
        #expect(item.metadata.kind == .identityKey)
        #expect(abs(item.metadata.created.timeIntervalSinceNow) < 120)
    }

    @Test func readsSeveralItemsInOneBatch() throws {
        let vault = try SecretServiceVault(profile: try VaultProfile(TestKeyring.uniqueProfile()))
        defer { for item in (try? vault.list()) ?? [] { try? vault.remove(item.name) } }
        #expect(try vault.secrets(["identity", "pairing"]).isEmpty)
        let key = SecureRandom.bytes(64)
        try vault.set("identity", secret: SecureBytes(key), label: "k", kind: .identityKey)
        try vault.set("pairing", secret: SecureBytes(Array("{}".utf8)), label: "p", kind: .pairing)
        try vault.set("api-key", secret: SecureBytes([5]), label: "a", kind: .apiKey)
        let found = try vault.secrets(["identity", "pairing", "sidecar-url", "identity"])
        #expect(found.keys.sorted() == ["identity", "pairing"])
        #expect(found["identity"]?.withUnsafeBytes { Array($0) } == key)
        #expect(found["pairing"]?.withUnsafeBytes { Array($0) } == Array("{}".utf8))
        #expect(throws: VaultError.self) { try vault.secrets(["not a name!"]) }
    }

    @Test func upsertReplacesInPlaceAndRemoveIsIdempotent() throws {
        let vault = try SecretServiceVault(profile: try VaultProfile(TestKeyring.uniqueProfile()))
        try vault.set("api-key", secret: SecureBytes([1, 2]), label: "first", kind: .apiKey)
        let created = try #require(try vault.list().first).created
        try vault.set("api-key", secret: SecureBytes([3]), label: "second", kind: .other)
        let items = try vault.list()
        #expect(items.count == 1)
        #expect(items[0].created == created)
        #expect(items[0].label == "second")
        #expect(items[0].kind == .other)
        #expect(try vault.get("api-key")?.withUnsafeBytes { Array($0) } == [3])
        try vault.remove("api-key")
        try vault.remove("api-key")
        #expect(try vault.get("api-key") == nil)
        #expect(try vault.list().isEmpty)
    }

    @Test func profilesAreIsolated() throws {
        let a = try SecretServiceVault(profile: try VaultProfile(TestKeyring.uniqueProfile()))
        let b = try SecretServiceVault(profile: try VaultProfile(TestKeyring.uniqueProfile()))
        defer {
            try? a.remove("identity")
            try? b.remove("identity")
        }
        try a.set("identity", secret: SecureBytes([1]), label: "", kind: .identityKey)
        try b.set("identity", secret: SecureBytes([2]), label: "", kind: .identityKey)
        try b.remove("identity")
        #expect(try a.get("identity")?.withUnsafeBytes { Array($0) } == [1])
        #expect(try b.get("identity") == nil)
    }

    @Test func identityStoreIsIdempotentAndRotationKeepsHistory() throws {
        let vault = try SecretServiceVault(profile: try VaultProfile(TestKeyring.uniqueProfile()))
        defer { for item in (try? vault.list()) ?? [] { try? vault.remove(item.name) } }
        let store = DeviceIdentityStore(vault: vault)
        #expect(try store.load() == nil)
        let (first, created) = try store.loadOrCreate()
        #expect(created)
        let (again, createdAgain) = try store.loadOrCreate()
        #expect(!createdAgain)
        #expect(again.publicKey == first.publicKey)
        let (rotated, retired) = try store.rotate()
        #expect(rotated.publicKey != first.publicKey)
        #expect(retired?.fingerprint == first.publicKey.fingerprint.description)
        #expect(try store.history().map(\.fingerprint) == [first.publicKey.fingerprint.description])
        #expect(try store.load()?.publicKey == rotated.publicKey)
    }
}
