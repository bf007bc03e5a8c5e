import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// `companion keys unlock`'s cache: the derived key kept in the real kernel user keyring, used instead of the
/// passphrase while it lasts, forgotten by `keys lock`, and never used for a vault it does not match.
@Suite struct KernelKeyCacheTests {
    /// A passphrase source that fails the test if it is ever asked.
    static let neverAsked = PassphraseSource { _ in throw VaultError.passphraseUnavailable }

    static func vault(_ directory: URL, passphrase: PassphraseSource) throws -> FileVault {
        FileVault(
            profile: try VaultProfile("default"), directory: directory.appendingPathComponent("vault"),
            parameters: .minimum, passphrase: passphrase)
    }

    @Test func anUnlockedVaultOpensWithoutItsPassphraseUntilLocked() throws {
        let dir = try TestPaths.temporaryDirectory("keyring")
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = try temporaryFileVault(dir)
        try first.set("note", secret: SecureBytes(Array("hello".utf8)), label: "n", kind: .other)
        try first.unlock()
        try first.cacheDerivedKey(seconds: 60)
        defer { first.forgetCachedKey() }
        let expiry = try #require(first.keyCache?.expiresAt)
        #expect(expiry > Date().addingTimeInterval(50) && expiry < Date().addingTimeInterval(70))

        let later = try Self.vault(dir, passphrase: Self.neverAsked)
        #expect(try later.get("note")?.withUnsafeBytes { Array($0) } == Array("hello".utf8))

        #expect(later.forgetCachedKey())
        let locked = try Self.vault(dir, passphrase: Self.neverAsked)
        #expect(throws: VaultError.passphraseUnavailable) { try locked.unlock() }
    }

    @Test func aCachedKeyOfAnotherVaultIsNeverUsed() throws {
        let dir = try TestPaths.temporaryDirectory("keyring")
        defer { try? FileManager.default.removeItem(at: dir) }
        let vault = try temporaryFileVault(dir)
        try vault.set("note", secret: SecureBytes(Array("x".utf8)), label: "n", kind: .other)
        // A key cached under this vault's name whose check does not match its header (e.g. a vault replaced by
        // another with the same salt is impossible, a tampered cache is not): ignored and removed.
        let cache = try #require(vault.keyCache)
        try cache.store(
            key: SecureBytes(count: 32), check: Array(repeating: 7, count: 32), salt: try Self.salt(of: vault),
            parameters: .minimum, seconds: 60)
        defer { cache.remove() }
        let reopened = try Self.vault(dir, passphrase: .fixed("correct horse battery staple"))
        try reopened.unlock()
        #expect(cache.expiresAt == nil, "the mismatching entry was removed")
    }

    @Test func theTimeIsBounded() throws {
        let dir = try TestPaths.temporaryDirectory("keyring")
        defer { try? FileManager.default.removeItem(at: dir) }
        let vault = try temporaryFileVault(dir)
        try vault.set("note", secret: SecureBytes(Array("x".utf8)), label: "n", kind: .other)
        #expect(throws: VaultError.self) { try vault.cacheDerivedKey(seconds: 10) }
        #expect(throws: VaultError.self) { try vault.cacheDerivedKey(seconds: 90_000) }
        #expect(vault.keyCache?.expiresAt == nil)
    }

    @Test func aPassphraseFileMustBePrivateAndNonEmpty() throws {
        let dir = try TestPaths.temporaryDirectory("passphrase-file")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("passphrase")
        try Data("s3cret phrase\n".utf8).write(to: file)
        chmod(file.path, 0o644)
        #expect(throws: VaultError.self) { _ = try PassphraseSource.readFile(file.path, naming: file.path) }
        chmod(file.path, 0o600)
        let read = try PassphraseSource.readFile(file.path, naming: file.path)
        #expect(read.withUnsafeBytes { Array($0) } == Array("s3cret phrase".utf8))
        try Data("\n".utf8).write(to: file)
        chmod(file.path, 0o600)
        #expect(throws: VaultError.self) { _ = try PassphraseSource.readFile(file.path, naming: file.path) }
        #expect(throws: VaultError.self) { _ = try PassphraseSource.readFile(dir.path + "/missing", naming: "missing") }
    }

    /// The salt in the vault file's header.
    static func salt(of vault: FileVault) throws -> [UInt8] {
        let bytes = try [UInt8](Data(contentsOf: vault.path))
        return Array(bytes[24..<40])
    }
}
