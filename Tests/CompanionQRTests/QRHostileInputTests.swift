import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionQR

/// Bad input gets a specific error, never a crash, and nothing is allocated for absurd dimensions.
@Suite struct QRHostileInputTests {
    let decoder = QRDecoder()

    func error(_ data: [UInt8], maxPixels: Int = QRDecoder.defaultMaxPixels) -> QRDecodeError? {
        do {
            _ = try QRDecoder(maxPixels: maxPixels).decode(data: data)
            return nil
        } catch {
            return error
        }
    }

    @Test func emptyAndNotAnImage() {
        #expect(error([]) == .empty)
        #expect(error(Array("hello, this is text".utf8)) == .notAnImage)
        #expect(error([0x89, 0x50]) == .notAnImage)
    }

    @Test func recognisedButUnsupportedFormats() {
        if case .unsupported(.gif, _) = error(Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8)) {} else { Issue.record("GIF") }
        if case .unsupported(.pnm, _) = error(Array("P1\n2 2\n0 1 1 0\n".utf8)) {} else { Issue.record("PBM") }
    }

    @Test func truncatedFiles() throws {
        let png = try QRFixtures.bytes("pairing-payload.png")
        #expect(error(Array(png.prefix(png.count / 2))) == .truncated(format: .png))
        #expect(error(Array(png.prefix(20))) == .truncated(format: .png))
        let jpeg = try QRFixtures.bytes("photo.jpg")
        #expect(error(Array(jpeg.prefix(jpeg.count / 2))) == .truncated(format: .jpeg))
        #expect(error(Array(jpeg.prefix(100))) == .truncated(format: .jpeg))
        let pgm = try QRFixtures.bytes("pgm-binary.pgm")
        #expect(error(Array(pgm.prefix(pgm.count - 10))) == .truncated(format: .pnm))
        #expect(error(Array("P2 3 1 255\n0 255".utf8)) == .truncated(format: .pnm))
        #expect(error(Array("P5 3".utf8)) == .truncated(format: .pnm))
    }

    @Test func corruptFiles() throws {
        var png = try QRFixtures.bytes("pairing-payload.png")
        // Damage image data inside IDAT: the chunk CRC no longer matches.
        let idat = try #require(Self.find(Array("IDAT".utf8), in: png))
        png[idat + 10] ^= 0xFF
        if case .corrupt(.png, _) = error(png) {
        } else {
            Issue.record("PNG with bad CRC: \(String(describing: error(png)))")
        }

        var jpeg = try QRFixtures.bytes("jpeg-gray.jpg")
        let sof = try #require(Self.find([0xFF, 0xC0], in: jpeg))
        jpeg[sof + 4] = 7  // sample precision 7 bits: invalid
        if case .corrupt(.jpeg, _) = error(jpeg) {} else { Issue.record("JPEG: \(String(describing: error(jpeg)))") }

        if case .corrupt(.pnm, _) = error(Array("P5 3 x 255\n".utf8)) {} else { Issue.record("PNM header") }
        if case .corrupt(.pnm, _) = error(Array("P2 2 1 100\n50 200\n".utf8)) {} else { Issue.record("PNM maxval") }
        if case .corrupt(.pnm, _) = error(Array("P5 1 1 0\n\u{0}".utf8)) {} else { Issue.record("PNM maxval 0") }
    }

    @Test func absurdDimensionsAreRejectedBeforeAllocating() throws {
        #expect(
            error(PNGBuilder.header(width: 100_000, height: 100_000))
                == .tooLarge(width: 100_000, height: 100_000, maxPixels: QRDecoder.defaultMaxPixels))
        #expect(error(PNGBuilder.header(width: 0x7FFF_FFFF, height: 0x7FFF_FFFF))?.isTooLarge == true)
        #expect(error(Array("P5 90000 90000 255\n".utf8))?.isTooLarge == true)
        #expect(error(Array("P6 99999999999 1 255\n".utf8)) != nil)
        var jpeg = try QRFixtures.bytes("jpeg-gray.jpg")
        let sof = try #require(Self.find([0xFF, 0xC0], in: jpeg))
        jpeg.replaceSubrange((sof + 5)..<(sof + 9), with: [0xEA, 0x60, 0xEA, 0x60])  // 60000 x 60000
        #expect(error(jpeg) == .tooLarge(width: 60000, height: 60000, maxPixels: QRDecoder.defaultMaxPixels))
        // A configured lower limit applies too.
        let small = try QRFixtures.bytes("pairing-payload.png")
        #expect(error(small, maxPixels: 1000)?.isTooLarge == true)
    }

    @Test func zeroSizeImages() throws {
        #expect(error(PNGBuilder.header(width: 0, height: 10)) == .zeroSize(format: .png))
        #expect(error(Array("P5 0 10 255\n".utf8)) == .zeroSize(format: .pnm))
        var jpeg = try QRFixtures.bytes("jpeg-gray.jpg")
        let sof = try #require(Self.find([0xFF, 0xC0], in: jpeg))
        jpeg.replaceSubrange((sof + 5)..<(sof + 7), with: [0, 0])  // height 0
        #expect(error(jpeg) == .zeroSize(format: .jpeg))
    }

    @Test func imageWithoutCode() throws {
        let blank = try QRPNGWriter.encodePNG(GrayImage(width: 64, height: 48, filledWith: 255))
        #expect(error(blank) == .notFound)
        #expect(throws: QRDecodeError.notFound) {
            try decoder.decode(image: GrayImage(width: 3, height: 3, filledWith: 0))
        }
    }

    @Test func fileProblems() throws {
        let missing = "/nonexistent/\(UUID().uuidString).png"
        if case .unreadable(missing, _) = fileError(decoder, missing) {
        } else {
            Issue.record("missing")
        }
        if case .unreadable = fileError(decoder, "/tmp") {} else { Issue.record("directory") }
        let path = QRFixtures.directory.appendingPathComponent("photo.jpg").path
        let limited = QRDecoder(maxFileBytes: 1000)
        if case .fileTooLarge = fileError(limited, path) {} else { Issue.record("file size") }
    }

    func fileError(_ decoder: QRDecoder, _ path: String) -> QRDecodeError? {
        do {
            _ = try decoder.decode(file: path)
            return nil
        } catch { return error }
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

extension QRDecodeError {
    var isTooLarge: Bool {
        if case .tooLarge = self { return true }
        return false
    }
}
