import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// The file vault header (issue #11): costs are bounded before any derivation, damage to the header is told
/// apart from a wrong passphrase, and files of format version 1 still open.
struct FileVaultHeaderTests {
    /// Sets the Argon2id costs in a vault file's header; a version-2 header gets its checksum recomputed, as a
    /// deliberate attacker (not random damage) would.
    static func withCosts(_ file: [UInt8], ops: UInt32, mem: UInt64) -> [UInt8] {
        var bytes = file
        for i in 0..<4 { bytes[12 + i] = UInt8((ops >> UInt32(8 * (3 - i))) & 0xFF) }
        for i in 0..<8 { bytes[16 + i] = UInt8((mem >> UInt64(8 * (7 - i))) & 0xFF) }
        if bytes[8] == 0, bytes[9] == 2 { bytes.replaceSubrange(96..<128, with: SHA256.hash(Array(bytes[..<96]))) }
        return bytes
    }

    @Test func costsAboveTheMaximaAreRefusedAsDamagedBeforeDeriving() throws {
        let (dir, vault, original) = try FileVaultTamperTests.prepared()
        defer { try? FileManager.default.removeItem(at: dir) }
        let huge = Self.withCosts([UInt8](original), ops: 64, mem: 4 << 30)
        // Parsing alone must refuse it (on the old code it was accepted and derivation took minutes).
        try #require(throws: FileVaultHeader.Problem.self) { _ = try FileVaultHeader.decode(huge) }
        try Data(huge).write(to: vault.path)
        let started = ContinuousClock.now
        do {
            _ = try temporaryFileVault(dir).get("identity")
            Issue.record("a header asking for 64 passes over 4 GiB was accepted")
        } catch let error as VaultError {
            guard case .corruptFile(_, let reason) = error else {
                Issue.record("expected a damaged-file error, got \(error)")
                return
            }
            #expect(reason.contains("key derivation costs out of range"))
            #expect(error.message.contains("damaged"))
        }
        #expect(ContinuousClock.now - started < .seconds(1), "refused before deriving")
    }

    @Test func costBoundsAreInclusiveAtTheDocumentedMaxima() throws {
        let (dir, _, original) = try FileVaultTamperTests.prepared()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = [UInt8](original)
        let mib: UInt64 = 1 << 20
        // Accepted (parsing only, nothing derived): the documented maxima themselves.
        for (ops, mem) in [(UInt32(16), 256 * mib), (UInt32(4), 1024 * mib), (UInt32(1), 1024 * mib)] {
            #expect(throws: Never.self, "ops \(ops) mem \(mem / mib) MiB") {
                _ = try FileVaultHeader.decode(Self.withCosts(file, ops: ops, mem: mem))
            }
        }
        // Refused: one past each maximum, and more work in total than 16 passes over 256 MiB.
        for (ops, mem) in [
            (UInt32(17), 8 * mib), (UInt32(1), 1024 * mib + 1024), (UInt32(5), 1024 * mib), (UInt32(64), 4096 * mib),
        ] {
            #expect(throws: FileVaultHeader.Problem.self, "ops \(ops) mem \(mem / mib) MiB") {
                _ = try FileVaultHeader.decode(Self.withCosts(file, ops: ops, mem: mem))
            }
        }
    }

    @Test func everyHeaderBitFlipIsReportedAsDamagedNotAsAWrongPassphrase() throws {
        let (dir, vault, original) = try FileVaultTamperTests.prepared()
        defer { try? FileManager.default.removeItem(at: dir) }
        var wrongPassphrase: [String] = []
        var other: [String] = []
        for byte in 8..<128 {
            for bit in 0..<8 {
                var bytes = [UInt8](original)
                bytes[byte] ^= UInt8(1 << bit)
                try Data(bytes).write(to: vault.path)
                do {
                    _ = try temporaryFileVault(dir).get("identity")
                    other.append("byte \(byte) bit \(bit): accepted")
                } catch VaultError.corruptFile {
                    continue
                } catch VaultError.wrongPassphrase {
                    wrongPassphrase.append("\(byte).\(bit)")
                } catch {
                    other.append("byte \(byte) bit \(bit): \(error)")
                }
            }
        }
        #expect(wrongPassphrase.isEmpty, "header damage reported as a wrong passphrase at \(wrongPassphrase)")
        #expect(other.isEmpty, "\(other)")
    }

    @Test func aWrongPassphraseIsStillAWrongPassphrase() throws {
        let (dir, vault, _) = try FileVaultTamperTests.prepared()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: VaultError.wrongPassphrase(path: vault.path.path)) {
            try temporaryFileVault(dir, passphrase: "not the passphrase").get("identity")
        }
    }

    @Test func newFilesAreVersionTwo() throws {
        let (dir, _, original) = try FileVaultTamperTests.prepared()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(Array(original[8..<10]) == [0, 2])
    }

    /// `TestVectors/vault/v1-minimum.ckv` was written by the format-1 code (passphrase "format one passphrase",
    /// minimum costs): it opens, and its next write upgrades it to format 2.
    @Test func versionOneFilesStillOpenAndAreUpgradedOnTheNextWrite() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fixture = TestPaths.testVectors.appendingPathComponent("vault/v1-minimum.ckv")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("vault"), withIntermediateDirectories: true)
        let copy = dir.appendingPathComponent("vault/vault.ckv")
        try FileManager.default.copyItem(at: fixture, to: copy)
        #expect(Array(try Data(contentsOf: copy)[8..<10]) == [0, 1])
        let vault = try temporaryFileVault(dir, passphrase: "format one passphrase")
        let identity = try #require(try DeviceIdentityStore(vault: vault).load())
        #expect(identity.publicKey.base64 == Self.fixturePublicKey)
        #expect(try vault.get("sidecar-url").map { $0.withUnsafeBytes { Array($0) } } == Array(Self.fixtureURL.utf8))
        #expect(throws: VaultError.wrongPassphrase(path: copy.path)) {
            try temporaryFileVault(dir, passphrase: "wrong").get("identity")
        }

        try vault.set("other", secret: SecureBytes([7]), label: "", kind: .other)
        #expect(Array(try Data(contentsOf: copy)[8..<10]) == [0, 2])
        let reopened = try temporaryFileVault(dir, passphrase: "format one passphrase")
        #expect(try reopened.list().map(\.name) == ["identity", "other", "sidecar-url"])
        #expect(try DeviceIdentityStore(vault: reopened).load()?.publicKey.base64 == Self.fixturePublicKey)
    }

    static let fixturePublicKey = "n8vaqPC2NX0AbFqjjAsp77mVCywTmh3M98eO0j1rS3Q="
    static let fixtureURL = "http://127.0.0.1:7878"
}
