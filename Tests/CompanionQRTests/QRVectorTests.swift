import Foundation
import Testing

@testable import CompanionQR

/// Every committed vector decodes to exactly its expected text: qrencode output, ImageMagick distortions, every
/// supported file format and PNG flavour.
@Suite struct QRVectorTests {
    @Test(arguments: QRFixtures.vectorNames)
    func decodesVector(_ name: String) throws {
        let codes = try QRDecoder().decode(file: QRFixtures.directory.appendingPathComponent(name).path)
        #expect(codes.map(\.bytes) == [try QRFixtures.expected(for: name)])
    }

    @Test func corpusCoversEveryInputFormat() {
        let names = Set(QRFixtures.vectorNames)
        for required in [
            "pairing-payload.png", "utf8.png", "large.png", "inverted.png", "tiny.png", "rotated.png",
            "low-contrast.png", "photo.jpg", "png-gray16.png", "png-interlaced.png", "png-palette.png", "png-rgb.png",
            "png-rgba.png",
            "png-gray-alpha.png", "jpeg-gray.jpg", "pgm-ascii.pgm", "pgm-binary.pgm", "ppm-ascii.ppm",
            "ppm-binary.ppm", "pgm-binary16.pgm",
        ] {
            #expect(names.contains(required), "missing vector \(required)")
        }
    }

    @Test func sampleQRPayloadIsTheBriefsShape() throws {
        let text = String(decoding: try QRFixtures.bytes("pairing-payload.txt"), as: UTF8.self)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(object?["protocol"] as? String == "companionkit-pairing")
        #expect(object?["code"] as? String == "123456")
        #expect(object?["version"] as? Int == 1)
    }

    @Test func utf8VectorComesBackExactly() throws {
        let codes = try QRDecoder().decode(data: try QRFixtures.bytes("utf8.png"))
        #expect(codes.first?.text == "Grüße aus Köln – 東京タワー 🚀 ñandú, Ελληνικά, кириллица")
    }

    @Test func rgbaIsFlattenedOntoWhite() throws {
        let image = try QRDecoder().readImage(try QRFixtures.bytes("png-rgba.png"))
        // The corner is in the (transparent) quiet zone: it must come out white, not black.
        #expect(image[0, 0] == 255)
        #expect(image[image.width - 1, image.height - 1] == 255)
    }

    @Test func sixteenBitAndAsciiFormatsMatchEightBitPixels() throws {
        let decoder = QRDecoder()
        let reference = try decoder.readImage(try QRFixtures.bytes("pgm-binary.pgm"))
        for name in ["png-gray16.png", "pgm-ascii.pgm"] {
            let image = try decoder.readImage(try QRFixtures.bytes(name))
            #expect(image.width == reference.width && image.height == reference.height, "\(name)")
            let differing = zip(image.pixels, reference.pixels).filter { abs(Int($0) - Int($1)) > 2 }.count
            #expect(differing == 0, "\(name): \(differing) pixels differ")
        }
    }
}
