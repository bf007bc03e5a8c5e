import CZBar
import Foundation

/// Finds and decodes QR codes in image files or bytes (PNG, JPEG, PGM/PPM) with zbar, retrying with image
/// transforms (inversion, rescaling, contrast, binarisation, …) when a plain scan finds nothing.
public struct QRDecoder: Sendable {
    /// Default pixel limit: 64 megapixels (a 64 MiB grey buffer), above any phone camera's default resolution.
    public static let defaultMaxPixels = 64_000_000
    /// Default file-size limit: 128 MiB.
    public static let defaultMaxFileBytes = 128 << 20

    /// Images declaring more pixels are rejected before any pixel buffer is allocated.
    public var maxPixels: Int
    /// Files larger than this are not read.
    public var maxFileBytes: Int

    /// A decoder with the given limits.
    public init(maxPixels: Int = QRDecoder.defaultMaxPixels, maxFileBytes: Int = QRDecoder.defaultMaxFileBytes) {
        self.maxPixels = maxPixels
        self.maxFileBytes = maxFileBytes
    }

    /// Every QR code in the image file at `path`.
    public func decode(file path: String) throws(QRDecodeError) -> [DecodedQR] {
        try decode(data: readFile(path))
    }

    /// Every QR code in an encoded image (PNG, JPEG, PGM or PPM).
    public func decode(data: [UInt8]) throws(QRDecodeError) -> [DecodedQR] {
        try decode(image: readImage(data))
    }

    /// Every QR code in a grey image. Throws ``QRDecodeError/notFound`` when there is none.
    public func decode(image: GrayImage) throws(QRDecodeError) -> [DecodedQR] {
        let (codes, _) = scan(image, with: try ZBarScanner.api())
        guard !codes.isEmpty else { throw .notFound }
        return codes
    }

    /// The codes and the name of the pass that found them (nil when none did). Used by the benchmark.
    /// Finds nothing when libzbar cannot be loaded (``decode(image:)`` throws
    /// ``QRDecodeError/libraryUnavailable(_:)`` instead).
    public func scan(_ image: GrayImage) -> (codes: [DecodedQR], pass: String?) {
        guard let zbar = try? ZBarScanner.api() else { return ([], nil) }
        return scan(image, with: zbar)
    }

    private func scan(_ image: GrayImage, with zbar: czbar_api) -> (codes: [DecodedQR], pass: String?) {
        let reduced = DecodePass.reduced(image) ?? image
        for pass in DecodePass.all {
            guard let transformed = pass.transform(pass.onReduced ? reduced : image) else { continue }
            let codes = ZBarScanner.scan(transformed, with: zbar)
            if !codes.isEmpty { return (codes, pass.name) }
        }
        return ([], nil)
    }

    /// Names of the robustness passes, in the order they are tried.
    public static var passNames: [String] { DecodePass.all.map(\.name) }

    /// The codes one pass finds on its own (nil when the pass does not apply to this image, or libzbar cannot be
    /// loaded). For tuning.
    public func scan(_ image: GrayImage, pass name: String) -> [DecodedQR]? {
        guard let zbar = try? ZBarScanner.api(), let pass = DecodePass.named(name),
            let transformed = pass.transform(pass.onReduced ? DecodePass.reduced(image) ?? image : image)
        else { return nil }
        return ZBarScanner.scan(transformed, with: zbar)
    }

    /// Decodes image bytes to grey, enforcing the pixel limit.
    public func readImage(_ data: [UInt8]) throws(QRDecodeError) -> GrayImage {
        guard !data.isEmpty else { throw .empty }
        guard data.count <= maxFileBytes else { throw .fileTooLarge(bytes: data.count, maxBytes: maxFileBytes) }
        guard let format = ImageFormat.sniff(data) else { throw .notAnImage }
        switch format {
        case .png: return try PNGImageReader.read(data, maxPixels: maxPixels)
        case .jpeg: return try JPEGImageReader.read(data, maxPixels: maxPixels)
        case .pnm: return try PNMImageReader.read(data, maxPixels: maxPixels)
        case .gif, .bmp, .webp, .tiff:
            throw .unsupported(format: format, detail: "only PNG, JPEG, PGM and PPM are read")
        }
    }

    /// Reads a whole file after checking its size.
    public func readFile(_ path: String) throws(QRDecodeError) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw .unreadable(path: path, reason: "it is a directory") }
        guard Int(status.st_size) <= maxFileBytes else {
            throw .fileTooLarge(bytes: Int(status.st_size), maxBytes: maxFileBytes)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        do {
            // Read at most one byte past the limit, so a file that grew since stat() is still caught.
            let data = try handle.read(upToCount: maxFileBytes + 1) ?? Data()
            guard data.count <= maxFileBytes else {
                throw QRDecodeError.fileTooLarge(bytes: data.count, maxBytes: maxFileBytes)
            }
            return [UInt8](data)
        } catch let error as QRDecodeError {
            throw error
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }
}
