import CQREncode
import Foundation

/// A QR symbol: a square grid of dark and light modules, without quiet zone.
public struct QRCode: Sendable, Equatable {
    /// Modules per side (21 for version 1, 177 for version 40).
    public let size: Int
    /// The QR version (1...40) libqrencode chose: the smallest that fits the data.
    public let version: Int
    /// The error-correction level the symbol was built with.
    public let correction: QRErrorCorrection
    private let modules: [Bool]

    /// Builds a symbol from a module grid (row-major, `true` = dark). Used by renderers' tests.
    init(size: Int, version: Int, correction: QRErrorCorrection, modules: [Bool]) {
        precondition(modules.count == size * size, "module grid does not match size")
        self.size = size
        self.version = version
        self.correction = correction
        self.modules = modules
    }

    /// True when the module at column `x`, row `y` is dark. Coordinates outside the symbol are light.
    public subscript(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// Encodes raw bytes in byte mode, in the smallest version that fits.
    /// - Throws: ``QREncodeError/empty`` for no data, ``QREncodeError/tooLong(_:)`` when even version 40 is too small.
    public static func encode(_ bytes: [UInt8], correction: QRErrorCorrection = .medium) throws(QREncodeError)
        -> QRCode
    {
        guard !bytes.isEmpty else { throw .empty }
        let qrencode = try QREncodeLibrary.api()
        let raw = bytes.withUnsafeBufferPointer { buffer in
            qrencode.QRcode_encodeData(Int32(buffer.count), buffer.baseAddress, 0, correction.libraryLevel)
        }
        guard let raw else {
            if errno == ERANGE { throw .tooLong(bytes.count) }
            throw .failed(String(cString: strerror(errno)))
        }
        defer { qrencode.QRcode_free(raw) }
        let width = Int(raw.pointee.width)
        let data = UnsafeBufferPointer(start: raw.pointee.data, count: width * width)
        // libqrencode sets bit 0 of each byte for a dark module; the other bits describe the module's role.
        let modules = data.map { $0 & 1 == 1 }
        return QRCode(size: width, version: Int(raw.pointee.version), correction: correction, modules: modules)
    }

    /// Encodes text as its UTF-8 bytes (byte mode, no ECI header: readers default to UTF-8 in practice).
    public static func encode(text: String, correction: QRErrorCorrection = .medium) throws(QREncodeError) -> QRCode {
        try encode(Array(text.utf8), correction: correction)
    }
}

/// Why a QR code could not be built.
public enum QREncodeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing to encode.
    case empty
    /// The data (this many bytes) does not fit in a version-40 symbol at the chosen level.
    case tooLong(Int)
    /// A rendering option is out of range (module size, quiet zone).
    case invalidOption(String)
    /// libqrencode or libpng failed for another reason.
    case failed(String)
    /// libqrencode or libpng (loaded on first use) is not installed.
    case libraryUnavailable(LibraryUnavailable)

    public var description: String {
        switch self {
        case .empty: "nothing to encode: the text is empty"
        case .tooLong(let count):
            "\(count) bytes do not fit in a QR code at this error-correction level "
                + "(version 40 holds at most 2953 bytes at L, 2331 at M, 1663 at Q, 1273 at H)"
        case .invalidOption(let detail): "invalid option: \(detail)"
        case .failed(let detail): "QR encoding failed: \(detail)"
        case .libraryUnavailable(let missing): "cannot encode QR codes: \(missing)"
        }
    }
}

/// libqrencode, loaded on first use.
enum QREncodeLibrary {
    static let library = LoadedLibrary<cqrencode_api>(package: "libqrencode4", cqrencode_load)

    static func api() throws(QREncodeError) -> cqrencode_api {
        switch library.loaded {
        case .success(let api): return api
        case .failure(let missing): throw .libraryUnavailable(missing)
        }
    }
}
