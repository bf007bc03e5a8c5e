import CompanionCrypto
import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionVault

/// `keys audit`'s search for copies of the identity key, on real files: the seed raw, as hex or as base64 is found
/// wherever it sits in a file; other bytes, the excluded vault file and large files are not reported.
@Suite struct PlaintextScanTests {
    static let secret: [UInt8] = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 5) }

    static func write(_ bytes: [UInt8], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    @Test func findsTheSeedRawAsHexAndAsBase64AndNothingElse() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let seed = Array(Self.secret.prefix(32))
        let hex = Array(HexEncoding.lowercase(seed).utf8)
        let base64 = Array(Data(seed).base64EncodedString().utf8)
        let padding = Array("noise before ".utf8)
        try Self.write(padding + seed + padding, to: dir.appendingPathComponent("raw.bin"))
        try Self.write(padding + hex + [0x0a], to: dir.appendingPathComponent("nested/deeper/hex.txt"))
        try Self.write(Array("key: ".utf8) + base64, to: dir.appendingPathComponent("b64.yaml"))
        // Almost the seed: one byte differs.
        try Self.write(Array(seed.dropLast()) + [seed.last! ^ 1], to: dir.appendingPathComponent("near.bin"))
        // Only the public half of the secret (its last 32 bytes).
        try Self.write(Array(Self.secret.suffix(32)), to: dir.appendingPathComponent("public.bin"))
        try Self.write(seed, to: dir.appendingPathComponent("vault.ckv"))
        try Self.write([], to: dir.appendingPathComponent("empty"))

        let hits = PlaintextScan.find(
            SecureBytes(Self.secret), under: [dir, dir.appendingPathComponent("missing")],
            excluding: dir.appendingPathComponent("vault.ckv").path)
        #expect(
            hits
                == ["b64.yaml", "nested/deeper/hex.txt", "raw.bin"].map { dir.appendingPathComponent($0).path }.sorted()
        )
    }

    @Test func filesOver16MiBAreNotRead() throws {
        let dir = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let seed = Array(Self.secret.prefix(32))
        try Self.write(seed + [UInt8](repeating: 0, count: 16 << 20), to: dir.appendingPathComponent("large.bin"))
        #expect(PlaintextScan.find(SecureBytes(Self.secret), under: [dir], excluding: nil).isEmpty)
    }
}
