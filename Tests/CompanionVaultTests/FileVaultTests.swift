import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

struct FileVaultTests {
    @Test func roundTripsBinarySecretsAndMetadata() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vault = try temporaryFileVault(dir)
        #expect(try vault.list().isEmpty)
        #expect(try vault.get("identity") == nil)

        let binary: [UInt8] = [0, 1, 2, 0xFF, 0, 0x80, 0x7F, 0] + SecureRandom.bytes(200)
        try vault.set("identity", secret: SecureBytes(binary), label: "key", kind: .identityKey)
        try vault.set(
            "sidecar-url", secret: SecureBytes(Array("http://192.168.1.5:7878".utf8)), label: "url", kind: .sidecarURL)
        try vault.set("empty", secret: SecureBytes([]), label: "", kind: .other)

        // A second object (as another process would) reads the same items.
        let reopened = try temporaryFileVault(dir)
        #expect(try reopened.get("identity")?.withUnsafeBytes { Array($0) } == binary)
        #expect(try reopened.get("empty")?.count == 0)
        let items = try reopened.list()
        #expect(items.map(\.name) == ["empty", "identity", "sidecar-url"])
        #expect(items.first { $0.name == "sidecar-url" }?.kind == .sidecarURL)
        #expect(items.first { $0.name == "identity" }?.label == "key")
    }

    @Test func upsertKeepsCreatedAndRemoveIsIdempotent() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vault = try temporaryFileVault(dir)
        try vault.set("api-key", secret: SecureBytes([1]), label: "a", kind: .apiKey)
        let first = try #require(try vault.list().first)
        Thread.sleep(forTimeInterval: 0.02)
        try vault.set("api-key", secret: SecureBytes([2]), label: "b", kind: .apiKey)
        let second = try #require(try vault.list().first)
        #expect(try vault.list().count == 1)
        #expect(second.created == first.created)
        #expect(second.modified > first.modified)
        #expect(second.label == "b")
        #expect(try vault.get("api-key")?.withUnsafeBytes { Array($0) } == [2])
        try vault.remove("api-key")
        try vault.remove("api-key")
        try vault.remove("never-existed")
        #expect(try vault.get("api-key") == nil)
    }

    @Test func permissionsArePrivate() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vault = try temporaryFileVault(dir)
        try vault.set("identity", secret: SecureBytes([9]), label: "", kind: .identityKey)
        #expect(try mode(vault.path.path) == 0o600)
        #expect(try mode(vault.path.deletingLastPathComponent().path) == 0o700)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: vault.path.deletingLastPathComponent().path)
        #expect(leftovers.sorted() == ["vault.ckv", "vault.lock"])
        let report = try vault.report()
        #expect(report.file?.fileMode == 0o600)
        #expect(report.file?.directoryMode == 0o700)
        #expect(report.file?.kdfParameters == .minimum)
        #expect(report.file?.ownedByUser == true)
    }

    @Test func secretNeverAppearsInTheFile() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vault = try temporaryFileVault(dir)
        let pair = Ed25519KeyPair.generate()
        try vault.set("identity", secret: pair.secretKey, label: "", kind: .identityKey)
        let needles = leakNeedles(pair.secretKey.withUnsafeBytes { Array($0) })
        #expect(filesContaining(needles, under: dir).isEmpty)
    }

    @Test func weakerParametersAreRaisedOnTheNextWrite() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try temporaryFileVault(dir).set("a", secret: SecureBytes([1]), label: "", kind: .other)
        let stronger = Argon2idParameters(opsLimit: 2, memLimit: 16 << 20)
        let upgraded = try temporaryFileVault(dir, parameters: stronger)
        #expect(try upgraded.report().file?.kdfParameters == .minimum)
        try upgraded.set("b", secret: SecureBytes([2]), label: "", kind: .other)
        #expect(try upgraded.report().file?.kdfParameters == stronger)
        // Readable with the same passphrase regardless of the parameters the reader prefers.
        #expect(try temporaryFileVault(dir).get("a")?.withUnsafeBytes { Array($0) } == [1])
    }

    @Test func concurrentWritersDoNotLoseUpdates() async throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try temporaryFileVault(dir).set("seed", secret: SecureBytes([0]), label: "", kind: .other)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    let vault = try temporaryFileVault(dir)  // separate objects, as separate processes would be
                    for i in 0..<5 {
                        try vault.set("w\(writer)-\(i)", secret: SecureBytes([UInt8(i)]), label: "", kind: .other)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try temporaryFileVault(dir).list().count == 21)
    }

    @Test func rejectsBadNamesAndProfiles() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vault = try temporaryFileVault(dir)
        #expect(throws: VaultError.self) { try vault.set("", secret: SecureBytes([1]), label: "", kind: .other) }
        #expect(throws: VaultError.self) { try vault.get("has space") }
        for bad in ["", "../etc", "a/b", ".hidden", String(repeating: "x", count: 65), "é"] {
            #expect(throws: VaultError.invalidProfile(bad)) { try VaultProfile(bad) }
        }
        #expect(try VaultProfile("work-2.laptop_1").name == "work-2.laptop_1")
    }
}
