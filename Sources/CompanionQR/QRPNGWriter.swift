import CPNG

/// Writes a QR code as an 8-bit greyscale PNG (libpng's simplified API, which never longjmps into Swift).
public enum QRPNGWriter {
    /// Largest module size accepted, in pixels.
    public static let maxModuleSize = 64
    /// Largest image side produced, in pixels.
    public static let maxSide = 8192

    /// PNG bytes for `code`: black modules on white, `moduleSize` pixels per module, `quietZone` light modules
    /// around the symbol (at least 4, as the QR specification requires).
    public static func png(for code: QRCode, moduleSize: Int = 8, quietZone: Int = 4) throws(QREncodeError) -> [UInt8] {
        let pixels = try raster(for: code, moduleSize: moduleSize, quietZone: quietZone)
        return try encodePNG(pixels)
    }

    /// The grey raster (0 = dark, 255 = light) `png(for:)` writes.
    static func raster(for code: QRCode, moduleSize: Int, quietZone: Int) throws(QREncodeError) -> GrayImage {
        guard (1...maxModuleSize).contains(moduleSize) else {
            throw .invalidOption("module size must be 1...\(maxModuleSize) pixels, not \(moduleSize)")
        }
        guard (4...64).contains(quietZone) else {
            throw .invalidOption("quiet zone must be 4...64 modules, not \(quietZone)")
        }
        let side = (code.size + 2 * quietZone) * moduleSize
        guard side <= maxSide else {
            throw .invalidOption("image would be \(side) pixels wide (limit \(maxSide)): use a smaller module size")
        }
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<code.size {
            for x in 0..<code.size where code[x, y] {
                let left = (x + quietZone) * moduleSize
                let top = (y + quietZone) * moduleSize
                for row in top..<(top + moduleSize) {
                    let start = row * side + left
                    for index in start..<(start + moduleSize) { pixels[index] = 0 }
                }
            }
        }
        return GrayImage(width: side, height: side, pixels: pixels)
    }

    /// Encodes an 8-bit grey image as PNG.
    static func encodePNG(_ image: GrayImage) throws(QREncodeError) -> [UInt8] {
        let png = try PNGLibrary.encodingAPI()
        var info = png_image()
        info.version = png_uint_32(PNG_IMAGE_VERSION)
        info.width = png_uint_32(image.width)
        info.height = png_uint_32(image.height)
        info.format = png_uint_32(PNG_FORMAT_GRAY)
        var size: png_alloc_size_t = 0
        let sized = image.pixels.withUnsafeBytes { raw in
            png.png_image_write_to_memory(&info, nil, &size, 0, raw.baseAddress, png_int_32(image.width), nil)
        }
        guard sized != 0, size > 0 else { throw .failed("libpng: \(message(of: &info))") }
        var output = [UInt8](repeating: 0, count: Int(size))
        let written = output.withUnsafeMutableBytes { out in
            image.pixels.withUnsafeBytes { raw in
                png.png_image_write_to_memory(
                    &info, out.baseAddress, &size, 0, raw.baseAddress, png_int_32(image.width), nil)
            }
        }
        guard written != 0 else { throw .failed("libpng: \(message(of: &info))") }
        return Array(output.prefix(Int(size)))
    }

    private static func message(of info: inout png_image) -> String {
        withUnsafeBytes(of: &info.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
