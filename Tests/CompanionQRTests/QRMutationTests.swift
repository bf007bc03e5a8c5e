import Testing

@testable import CompanionQR

/// Seeded random damage to real files of every format: each read either succeeds within the limits or throws a
/// ``QRDecodeError``; nothing crashes, hangs or allocates past the pixel limit.
@Suite struct QRMutationTests {
    static let sources = [
        "pairing-payload.png", "png-rgba.png", "jpeg-gray.jpg", "photo.jpg", "pgm-binary.pgm",
        "ppm-ascii.ppm", "pgm-binary16.pgm",
    ]

    @Test(arguments: sources)
    func damagedFilesFailCleanly(_ name: String) throws {
        let original = try QRFixtures.bytes(name)
        var generator = SeededGenerator(state: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        let decoder = QRDecoder(maxPixels: 4_000_000)
        var failures = 0
        for _ in 0..<60 {
            var bytes = original
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:  // flip bytes, often in the header where they matter most
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let limit = Bool.random(using: &generator) ? min(64, bytes.count) : bytes.count
                    bytes[Int.random(in: 0..<limit, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            case 1:  // cut
                bytes = Array(bytes.prefix(Int.random(in: 1..<bytes.count, using: &generator)))
            case 2:  // splice garbage into the middle
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                bytes.insert(contentsOf: (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: at)
            default:  // overwrite a run with 0xFF (JPEG markers) or zeros
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                let run = min(bytes.count - at, Int.random(in: 1...40, using: &generator))
                let fill: UInt8 = Bool.random(using: &generator) ? 0xFF : 0
                bytes.replaceSubrange(at..<(at + run), with: [UInt8](repeating: fill, count: run))
            }
            do {
                let image = try decoder.readImage(bytes)
                #expect(image.width > 0 && image.height > 0 && image.width * image.height <= 4_000_000)
            } catch {
                failures += 1
            }
        }
        // Most damage must be noticed; some (a flipped pixel byte) legitimately still reads.
        #expect(failures > 0)
    }
}
