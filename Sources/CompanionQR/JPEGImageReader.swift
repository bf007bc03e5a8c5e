import CJPEG
import Foundation

/// Reads baseline and progressive JPEG (greyscale or YCbCr) into 8-bit grey with libjpeg. libjpeg's fatal errors
/// are caught in the C shim (`cjpeg_decode_gray`), so a bad file never exits the process.
enum JPEGImageReader {
    static func read(_ data: [UInt8], maxPixels: Int) throws(QRDecodeError) -> GrayImage {
        var jpeg = try JPEGLibrary.api()
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let status = data.withUnsafeBufferPointer { buffer in
            message.withUnsafeMutableBufferPointer { text in
                cjpeg_decode_gray(
                    &jpeg, buffer.baseAddress, UInt(buffer.count), UInt64(maxPixels), &pixels, &width, &height,
                    text.baseAddress, text.count)
            }
        }
        defer { free(pixels) }
        switch Int(status) {
        case Int(CJPEG_OK):
            guard let pixels else { throw .corrupt(format: .jpeg, detail: "no pixel data") }
            let buffer = UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height))
            return GrayImage(width: Int(width), height: Int(height), pixels: Array(buffer))
        case Int(CJPEG_TRUNCATED): throw .truncated(format: .jpeg)
        case Int(CJPEG_TOO_LARGE): throw .tooLarge(width: Int(width), height: Int(height), maxPixels: maxPixels)
        case Int(CJPEG_ZERO_SIZE): throw .zeroSize(format: .jpeg)
        case Int(CJPEG_UNSUPPORTED): throw .unsupported(format: .jpeg, detail: "CMYK colour is not supported")
        case Int(CJPEG_NO_MEMORY): throw .tooLarge(width: Int(width), height: Int(height), maxPixels: maxPixels)
        default:
            let detail = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .corrupt(format: .jpeg, detail: detail.isEmpty ? "libjpeg could not decode it" : detail)
        }
    }
}

/// libjpeg, loaded on first use.
enum JPEGLibrary {
    static let library = LoadedLibrary<cjpeg_api>(package: "libjpeg62-turbo", cjpeg_load)

    static func api() throws(QRDecodeError) -> cjpeg_api {
        switch library.loaded {
        case .success(let api): return api
        case .failure(let missing): throw .libraryUnavailable(missing)
        }
    }
}
