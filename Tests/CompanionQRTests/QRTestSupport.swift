import CompanionTestSupport
import Foundation

@testable import CompanionQR

/// Helpers shared by the QR tests.
enum QRFixtures {
    static var directory: URL { TestPaths.testVectors.appendingPathComponent("qr") }

    /// The bytes of `TestVectors/qr/<name>`.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// Every image in `TestVectors/qr` that has a `.txt` with its expected text.
    static var vectorNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            let url = URL(fileURLWithPath: name)
            return ["png", "jpg", "pgm", "ppm"].contains(url.pathExtension)
                && names.contains(url.deletingPathExtension().lastPathComponent + ".txt")
        }.sorted()
    }

    /// The expected bytes for an image vector.
    static func expected(for image: String) throws -> [UInt8] {
        try bytes(URL(fileURLWithPath: image).deletingPathExtension().lastPathComponent + ".txt")
    }
}

/// SplitMix64: a small seeded generator so property tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// CRC-32 (PNG's chunk checksum), for building hostile PNGs whose checksums are valid.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crc, byte in table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}

/// Minimal PNG assembly for hostile-input tests.
enum PNGBuilder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(CRC32.checksum(typed))
    }

    /// A PNG header declaring `width`x`height` 8-bit grey, with a tiny IDAT and IEND.
    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        let ihdr = bigEndian(width) + bigEndian(height) + [8, 0, 0, 0, 0]
        return signature + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
            + chunk("IEND", [])
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
