/// Image file formats recognised from their first bytes.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case pnm = "PGM/PPM"
    // Recognised so the error can name them, but not decoded.
    case gif = "GIF"
    case bmp = "BMP"
    case webp = "WebP"
    case tiff = "TIFF"

    /// Formats the decoder reads.
    public static let supported: [ImageFormat] = [.png, .jpeg, .pnm]

    /// The format `data` starts with, or nil when it is not a recognised image.
    public static func sniff(_ data: [UInt8]) -> ImageFormat? {
        func starts(_ prefix: [UInt8]) -> Bool { data.count >= prefix.count && data.starts(with: prefix) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if data.count >= 3, data[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(data[1]),
            PNMImageReader.isSpace(data[2])
        {
            return .pnm
        }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("BM".utf8)) && data.count >= 26 { return .bmp }
        if data.count >= 12, data.starts(with: Array("RIFF".utf8)), data[8..<12].elementsEqual("WEBP".utf8) {
            return .webp
        }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        return nil
    }
}
