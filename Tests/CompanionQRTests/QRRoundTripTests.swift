import Testing

@testable import CompanionQR

/// Property: for random payloads, encode → PNG → decode gives back exactly the same bytes.
@Suite struct QRRoundTripTests {
    enum Alphabet: String, CaseIterable, Sendable {
        case ascii, unicode, binary
    }

    static func payload(_ alphabet: Alphabet, using generator: inout SeededGenerator) -> [UInt8] {
        let length = Int.random(in: 1...300, using: &generator)
        switch alphabet {
        case .ascii:
            return (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &generator) }
        case .unicode:
            let samples: [Character] = ["é", "ß", "Ω", "ж", "東", "京", "🚀", "👍🏽", "ع", "ह", "a", " ", "\n", "\u{0}"]
            let text = String((0..<(length / 3 + 1)).map { _ in samples.randomElement(using: &generator)! })
            return Array(text.utf8)
        case .binary:
            return (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
    }

    @Test(arguments: Alphabet.allCases)
    func randomPayloadsRoundTrip(_ alphabet: Alphabet) throws {
        var generator = SeededGenerator(state: 0xC0FFEE &+ UInt64(alphabet.rawValue.count))
        for iteration in 0..<25 {
            let bytes = Self.payload(alphabet, using: &generator)
            let level = QRErrorCorrection.allCases.randomElement(using: &generator)!
            let moduleSize = Int.random(in: 2...6, using: &generator)
            let png = try QRPNGWriter.png(for: try QRCode.encode(bytes, correction: level), moduleSize: moduleSize)
            let codes = try QRDecoder().decode(data: png)
            #expect(codes.map(\.bytes) == [bytes], "\(alphabet) #\(iteration): \(bytes.count) bytes, \(level)")
        }
    }

    @Test func textIsNilOnlyForInvalidUTF8() {
        #expect(DecodedQR(bytes: Array("grüß".utf8)).text == "grüß")
        #expect(DecodedQR(bytes: [0xFF, 0xFE, 0x41]).text == nil)
    }

    @Test func everyCodeInAnImageIsReported() throws {
        let first = try QRPNGWriter.raster(for: try QRCode.encode(text: "first"), moduleSize: 4, quietZone: 4)
        let second = try QRPNGWriter.raster(for: try QRCode.encode(text: "second"), moduleSize: 4, quietZone: 4)
        var combined = GrayImage(
            width: first.width + second.width, height: max(first.height, second.height), filledWith: 255)
        for y in 0..<first.height { for x in 0..<first.width { combined[x, y] = first[x, y] } }
        for y in 0..<second.height { for x in 0..<second.width { combined[first.width + x, y] = second[x, y] } }
        let texts = Set(try QRDecoder().decode(image: combined).compactMap(\.text))
        #expect(texts == ["first", "second"])
    }
}
