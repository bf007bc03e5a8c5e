/// Why an image yielded no QR code. Each case is a different problem with a different fix.
public enum QRDecodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read (missing, a directory, no permission).
    case unreadable(path: String, reason: String)
    /// The input holds zero bytes.
    case empty
    /// The input does not start like any image format.
    case notAnImage
    /// A recognised format, or variant of one, that the decoder does not read (GIF, CMYK JPEG, PBM, …).
    case unsupported(format: ImageFormat, detail: String)
    /// The image data ends early.
    case truncated(format: ImageFormat)
    /// The image data is damaged or malformed.
    case corrupt(format: ImageFormat, detail: String)
    /// The header declares a width or height of zero.
    case zeroSize(format: ImageFormat)
    /// The header declares more pixels than the decoder allows (checked before allocating anything).
    case tooLarge(width: Int, height: Int, maxPixels: Int)
    /// The file is larger than the decoder reads.
    case fileTooLarge(bytes: Int, maxBytes: Int)
    /// The image was read, but no QR code was found in it, even after the robustness passes.
    case notFound
    /// A library decoding needs (libzbar, libpng, libjpeg; loaded on first use) is not installed.
    case libraryUnavailable(LibraryUnavailable)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
        case .empty: "the file is empty"
        case .notAnImage: "not an image (expected PNG, JPEG, PGM or PPM)"
        case .unsupported(let format, let detail): "unsupported \(format.rawValue) image: \(detail)"
        case .truncated(let format): "the \(format.rawValue) image is truncated (the data ends early)"
        case .corrupt(let format, let detail): "the \(format.rawValue) image is corrupt: \(detail)"
        case .zeroSize(let format): "the \(format.rawValue) image has a width or height of zero"
        case .tooLarge(let width, let height, let maxPixels):
            "the image is \(width)x\(height) pixels, more than the limit of \(maxPixels / 1_000_000) megapixels"
        case .fileTooLarge(let bytes, let maxBytes):
            "the file is \(bytes / 1_048_576) MiB, more than the limit of \(maxBytes / 1_048_576) MiB"
        case .notFound: "no QR code found in the image"
        case .libraryUnavailable(let missing): "cannot decode images: \(missing)"
        }
    }

    /// What the person can do about it.
    public var hint: String {
        switch self {
        case .unreadable: "check the path and permissions"
        case .empty, .truncated: "the file may be incomplete: save or copy it again"
        case .notAnImage, .unsupported: "save the image as PNG or JPEG"
        case .corrupt, .zeroSize: "the file is damaged: take a new screenshot or photo"
        case .tooLarge, .fileTooLarge: "crop the image to the QR code, or scale it down"
        case .libraryUnavailable(let missing): "install it: apt-get install \(missing.package)"
        case .notFound:
            "make sure the whole code is visible with a light margin around it, sharp and evenly lit; crop closer"
        }
    }
}
