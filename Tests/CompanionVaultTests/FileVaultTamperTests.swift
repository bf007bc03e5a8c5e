import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// A wrong passphrase or a damaged file must give a clear error and leave the file byte-for-byte unchanged,
/// even when the failing call was a write.
struct FileVaultTamperTests {
    /// Creates a vault with one item and returns its directory and original bytes.
    static func prepared() throws -> (URL, FileVault, Data) {
        let dir = try TestPaths.temporaryDirectory()
        let vault = try temporaryFileVault(dir)
        try vault.set("identity", secret: Ed25519KeyPair.generate().secretKey, label: "", kind: .identityKey)
        return (dir, vault, try Data(contentsOf: vault.path))
    }

    @Test func wrongPassphraseIsRejectedAndFileUnchanged() throws {
        let (dir, good, original) = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: dir) }
        let wrong = try temporaryFileVault(dir, passphrase: "correct horse battery stapler")
        #expect(throws: VaultError.wrongPassphrase(path: good.path.path)) { try wrong.unlock() }
        #expect(throws: VaultError.wrongPassphrase(path: good.path.path)) { try wrong.get("identity") }
        #expect(throws: VaultError.wrongPassphrase(path: good.path.path)) {
            try wrong.set("other", secret: SecureBytes([1]), label: "", kind: .other)
        }
        #expect(throws: VaultError.wrongPassphrase(path: good.path.path)) { try wrong.remove("identity") }
        #expect(try Data(contentsOf: good.path) == original)
        #expect(try good.get("identity") != nil)
    }

    @Test(arguments: [
        ("ciphertext byte", 120), ("tag byte", -1), ("nonce byte", 50), ("salt byte", 30), ("ops limit", 15),
        ("key check byte", 70), ("magic", 0), ("version", 9), ("cipher id", 11),
    ])
    func tamperedFileIsRejectedAndUnchanged(what: String, offset: Int) throws {
        let (dir, vault, original) = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes = [UInt8](original)
        let index = offset >= 0 ? offset : bytes.count + offset
        bytes[index] ^= 0x01
        try Data(bytes).write(to: vault.path)
        let tampered = try Data(contentsOf: vault.path)
        let reader = try temporaryFileVault(dir)
        #expect(throws: VaultError.self, "\(what)") { try reader.get("identity") }
        #expect(throws: VaultError.self, "\(what)") {
            try reader.set("x", secret: SecureBytes([1]), label: "", kind: .other)
        }
        #expect(try Data(contentsOf: vault.path) == tampered, "\(what): file must be left unchanged")
    }

    @Test func errorsSayWhatHappened() throws {
        let (dir, vault, original) = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bytes = [UInt8](original)
        bytes[bytes.count - 20] ^= 0x40
        try Data(bytes).write(to: vault.path)
        do {
            _ = try temporaryFileVault(dir).get("identity")
            Issue.record("tampered ciphertext was accepted")
        } catch let error as VaultError {
            #expect(error == .corruptFile(path: vault.path.path, reason: "authentication failed"))
            #expect(error.message.contains("damaged or was modified"))
            #expect(error.message.contains("left unchanged"))
        }
        // A newer format keeps the checksum at offset 96, so it is told apart from a damaged version field.
        bytes[9] = 3  // version 3
        try Data(bytes).write(to: vault.path)
        #expect(throws: VaultError.corruptFile(path: vault.path.path, reason: "header checksum mismatch")) {
            try temporaryFileVault(dir).get("identity")
        }
        bytes.replaceSubrange(96..<128, with: SHA256.hash(Array(bytes[..<96])))
        try Data(bytes).write(to: vault.path)
        #expect(throws: VaultError.unsupportedVersion(path: vault.path.path, version: 3)) {
            try temporaryFileVault(dir).get("identity")
        }
        try Data(bytes.prefix(50)).write(to: vault.path)
        #expect(throws: VaultError.self) { try temporaryFileVault(dir).get("identity") }
        try Data("not a vault".utf8).write(to: vault.path)
        #expect(throws: VaultError.corruptFile(path: vault.path.path, reason: "not a CompanionKit vault file")) {
            try temporaryFileVault(dir).get("identity")
        }
    }

    @Test func headerCostsOutOfRangeAreRefusedBeforeDerivingAnything() throws {
        let (dir, vault, original) = try Self.prepared()
        defer { try? FileManager.default.removeItem(at: dir) }
        // memlimit's top byte: petabytes (with a valid checksum, as a deliberate edit would have).
        let bytes = FileVaultHeaderTests.withCosts([UInt8](original), ops: 1, mem: 0x7F00_0000_0000_2000)
        try Data(bytes).write(to: vault.path)
        #expect(throws: VaultError.corruptFile(path: vault.path.path, reason: "key derivation costs out of range")) {
            try temporaryFileVault(dir).get("identity")
        }
    }
}
