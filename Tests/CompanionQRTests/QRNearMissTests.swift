import Testing

@testable import CompanionQR

/// Near misses and look-alikes: every robustness pass, on its own and in the decoder's order, yields nothing or the
/// exact text, never another payload (a false decode is worse than a miss). Codes from our encoder, damaged
/// module by module with a seeded generator.
@Suite struct QRNearMissTests {
    static let moduleSize = 4
    static let quietZone = 4

    /// The code's raster with `count` random modules outside the finder patterns inverted (`replaceData` also
    /// fills every such module at random, leaving a symbol with real finders and garbage data).
    static func damaged(_ text: String, flipping count: Int, seed: UInt64, replaceData: Bool = false) throws
        -> GrayImage
    {
        let code = try QRCode.encode(text: text)
        var image = try QRPNGWriter.raster(for: code, moduleSize: moduleSize, quietZone: quietZone)
        var generator = SeededGenerator(state: seed)
        func inFinder(_ x: Int, _ y: Int) -> Bool {
            (x < 8 && y < 8) || (x >= code.size - 8 && y < 8) || (x < 8 && y >= code.size - 8)
        }
        func paint(_ x: Int, _ y: Int, dark: Bool) {
            for row in 0..<moduleSize {
                for column in 0..<moduleSize {
                    image[(x + quietZone) * moduleSize + column, (y + quietZone) * moduleSize + row] = dark ? 0 : 255
                }
            }
        }
        if replaceData {
            for y in 0..<code.size {
                for x in 0..<code.size where !inFinder(x, y) { paint(x, y, dark: Bool.random(using: &generator)) }
            }
        }
        var flipped = 0
        while flipped < count {
            let x = Int.random(in: 0..<code.size, using: &generator)
            let y = Int.random(in: 0..<code.size, using: &generator)
            guard !inFinder(x, y) else { continue }
            paint(x, y, dark: image[(x + quietZone) * moduleSize, (y + quietZone) * moduleSize] != 0)
            flipped += 1
        }
        return image
    }

    /// Every pass's output and the decoder's: empty, or exactly `expected` (nil: must be empty).
    static func expectNothingWrong(_ image: GrayImage, _ expected: String?, _ label: String) {
        let decoder = QRDecoder()
        for pass in QRDecoder.passNames {
            for code in decoder.scan(image, pass: pass) ?? [] {
                #expect(expected != nil && code.text == expected, "\(label), pass \(pass): decoded \(code.bytes)")
            }
        }
        for code in decoder.scan(image).codes {
            #expect(expected != nil && code.text == expected, "\(label): decoded \(code.bytes)")
        }
    }

    @Test(arguments: 0..<6)
    func damagedBeyondCorrectionYieldsNothingWrong(_ index: Int) throws {
        let text = "near-miss \(index): https://example.org/pair?id=\(index * 7919)"
        let modules = try QRCode.encode(text: text).size
        // A quarter of all modules (level M corrects about 15 % of the codewords), then a few within reach.
        for (flips, seed) in [(modules * modules / 4, 1), (modules * modules / 10, 2), (6, 3)] {
            let image = try Self.damaged(text, flipping: flips, seed: UInt64(index * 10 + seed))
            Self.expectNothingWrong(image, text, "code \(index), \(flips) modules flipped")
        }
    }

    @Test(arguments: 0..<6)
    func realFindersAroundGarbageDecodeToNothing(_ index: Int) throws {
        let image = try Self.damaged("look-alike \(index)", flipping: 0, seed: UInt64(100 + index), replaceData: true)
        Self.expectNothingWrong(image, nil, "look-alike \(index)")
    }

    @Test func noiseStripesAndBlankDecodeToNothing() {
        var generator = SeededGenerator(state: 7)
        let side = 160
        let noise = GrayImage(
            width: side, height: side,
            pixels: (0..<(side * side)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let stripes = GrayImage(width: side, height: side, pixels: (0..<(side * side)).map { $0 % 8 < 4 ? 0 : 255 })
        let checks = GrayImage(
            width: side, height: side,
            pixels: (0..<(side * side)).map { (($0 % side) / 5 + ($0 / side) / 5) % 2 == 0 ? 0 : 255 })
        for (label, image) in [
            ("noise", noise), ("stripes", stripes), ("checks", checks),
            ("blank", GrayImage(width: side, height: side, filledWith: 128)),
        ] {
            Self.expectNothingWrong(image, nil, label)
        }
    }
}
