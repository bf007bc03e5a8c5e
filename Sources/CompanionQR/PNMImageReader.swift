/// Reads Netpbm greymaps and pixmaps: P2 (ASCII grey), P3 (ASCII RGB), P5 (binary grey), P6 (binary RGB),
/// with a maxval of 1...65535 (16-bit samples are big-endian). Colour is converted to grey with Rec. 601 weights.
enum PNMImageReader {
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
    }

    static func read(_ data: [UInt8], maxPixels: Int) throws(QRDecodeError) -> GrayImage {
        let kind = data[1]
        guard kind != UInt8(ascii: "1"), kind != UInt8(ascii: "4") else {
            throw .unsupported(format: .pnm, detail: "PBM bitmaps (P1/P4) are not supported")
        }
        var cursor = PNMCursor(data: data, position: 2)
        let width = try cursor.headerNumber()
        let height = try cursor.headerNumber()
        let maxValue = try cursor.headerNumber()
        guard width > 0, height > 0 else { throw .zeroSize(format: .pnm) }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels, width <= maxPixels,
            height <= maxPixels
        else { throw .tooLarge(width: width, height: height, maxPixels: maxPixels) }
        guard (1...65535).contains(maxValue) else {
            throw .corrupt(format: .pnm, detail: "maxval \(maxValue) is outside 1...65535")
        }
        let channels = kind == UInt8(ascii: "3") || kind == UInt8(ascii: "6") ? 3 : 1
        let binary = kind == UInt8(ascii: "5") || kind == UInt8(ascii: "6")
        let sampleCount = width * height * channels
        let bytesPerSample = maxValue > 255 ? 2 : 1
        if binary {
            // Exactly one whitespace byte separates the header from the raster.
            cursor.position += 1
            guard data.count - cursor.position >= sampleCount * bytesPerSample else { throw .truncated(format: .pnm) }
        } else {
            // Every ASCII sample takes at least a digit and a separator: reject short files before allocating.
            guard data.count - cursor.position >= sampleCount * 2 - 1 else { throw .truncated(format: .pnm) }
        }
        var offset = cursor.position
        // Reads one sample without buffering the raster (a colour raster as [Int] would be 24 bytes per pixel).
        func nextSample() throws(QRDecodeError) -> Int {
            if !binary {
                guard let value = try cursor.number() else { throw .truncated(format: .pnm) }
                return value
            }
            defer { offset += bytesPerSample }
            return bytesPerSample == 2 ? Int(data[offset]) << 8 | Int(data[offset + 1]) : Int(data[offset])
        }
        var pixels = [UInt8](repeating: 0, count: width * height)
        for index in 0..<(width * height) {
            let luma: Int
            if channels == 3 {
                let (red, green, blue) = (try nextSample(), try nextSample(), try nextSample())
                guard red <= maxValue, green <= maxValue, blue <= maxValue else {
                    throw .corrupt(format: .pnm, detail: "sample value exceeds maxval \(maxValue)")
                }
                luma = (299 * red + 587 * green + 114 * blue + 500) / 1000
            } else {
                luma = try nextSample()
                guard luma <= maxValue else {
                    throw .corrupt(format: .pnm, detail: "sample value exceeds maxval \(maxValue)")
                }
            }
            pixels[index] = UInt8((luma * 255 + maxValue / 2) / maxValue)
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }
}

/// Tokeniser for Netpbm headers and ASCII rasters: decimal numbers separated by whitespace, `#` comments to the end
/// of the line.
private struct PNMCursor {
    let data: [UInt8]
    var position: Int

    /// A header field: missing means the file is truncated.
    mutating func headerNumber() throws(QRDecodeError) -> Int {
        guard let value = try number() else { throw .truncated(format: .pnm) }
        return value
    }

    /// The next number, or nil at the end of the data.
    mutating func number() throws(QRDecodeError) -> Int? {
        while position < data.count {
            if data[position] == UInt8(ascii: "#") {
                while position < data.count, data[position] != 0x0A, data[position] != 0x0D { position += 1 }
            } else if PNMImageReader.isSpace(data[position]) {
                position += 1
            } else {
                break
            }
        }
        guard position < data.count else { return nil }
        var value = 0
        var digits = 0
        while position < data.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(data[position]) {
            value = value * 10 + Int(data[position] - UInt8(ascii: "0"))
            digits += 1
            position += 1
            guard digits <= 10 else { throw .corrupt(format: .pnm, detail: "number too long") }
        }
        guard digits > 0 else { throw .corrupt(format: .pnm, detail: "unexpected byte in header or raster") }
        if position < data.count, !PNMImageReader.isSpace(data[position]), data[position] != UInt8(ascii: "#") {
            throw .corrupt(format: .pnm, detail: "unexpected byte after number")
        }
        return value
    }
}
