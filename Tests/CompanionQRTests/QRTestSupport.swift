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
