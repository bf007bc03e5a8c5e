import CPNG

/// Reads PNG (grey, palette, RGB, with or without alpha, 1 to 16 bits) into 8-bit grey with libpng's simplified
/// API, which handles palette expansion, 16-bit reduction and colour-to-grey itself and reports errors without
/// longjmp-ing through Swift frames. Alpha is composited onto white.
enum PNGImageReader {
    private static let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    static func read(_ data: [UInt8], maxPixels: Int) throws(QRDecodeError) -> GrayImage {
        // Check the IHDR dimensions before libpng or we allocate anything.
        guard data.count >= 33 else { throw .truncated(format: .png) }
        guard data[12..<16].elementsEqual("IHDR".utf8) else { throw .corrupt(format: .png, detail: "no IHDR chunk") }
        let width = bigEndian(data, at: 16)
        let height = bigEndian(data, at: 20)
        guard width > 0, height > 0 else { throw .zeroSize(format: .png) }
        guard width.multipliedReportingOverflow(by: height).partialValue <= maxPixels, width < 1 << 31,
            height < 1 << 31
        else { throw .tooLarge(width: width, height: height, maxPixels: maxPixels) }

        let png = try PNGLibrary.decodingAPI()
        let outcome: Result<GrayImage, PNGFailure> = data.withUnsafeBytes { raw in
            var info = png_image()
            info.version = png_uint_32(PNG_IMAGE_VERSION)
            defer { png.png_image_free(&info) }
            guard png.png_image_begin_read_from_memory(&info, raw.baseAddress, raw.count) != 0 else {
                return .failure(PNGFailure(message: message(of: &info)))
            }
            info.format = png_uint_32(PNG_FORMAT_GRAY)
            let (imageWidth, imageHeight) = (Int(info.width), Int(info.height))
            var pixels = [UInt8](repeating: 255, count: imageWidth * imageHeight)
            var white = png_color(red: 255, green: 255, blue: 255)
            let done = pixels.withUnsafeMutableBytes { out in
                png.png_image_finish_read(&info, &white, out.baseAddress, png_int_32(imageWidth), nil)
            }
            guard done != 0 else { return .failure(PNGFailure(message: message(of: &info))) }
            return .success(GrayImage(width: imageWidth, height: imageHeight, pixels: pixels))
        }
        switch outcome {
        case .success(let image): return image
        case .failure(let failure):
            // libpng's messages do not separate "ran out of data" from "bad data"; the missing end chunk does.
            if !data.suffix(iend.count).elementsEqual(iend) { throw .truncated(format: .png) }
            throw .corrupt(format: .png, detail: failure.message)
        }
    }

    private struct PNGFailure: Error {
        var message: String
    }

    private static func bigEndian(_ data: [UInt8], at offset: Int) -> Int {
        data[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func message(of info: inout png_image) -> String {
        let text = withUnsafeBytes(of: &info.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng could not decode it" : text
    }
}

/// libpng, loaded on first use.
enum PNGLibrary {
    static let library = LoadedLibrary<cpng_api>(package: "libpng16-16", cpng_load)

    static func decodingAPI() throws(QRDecodeError) -> cpng_api {
        switch library.loaded {
        case .success(let api): return api
        case .failure(let missing): throw .libraryUnavailable(missing)
        }
    }

    static func encodingAPI() throws(QREncodeError) -> cpng_api {
        switch library.loaded {
        case .success(let api): return api
        case .failure(let missing): throw .libraryUnavailable(missing)
        }
    }
}
