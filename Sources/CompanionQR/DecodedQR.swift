/// One QR code found in an image.
public struct DecodedQR: Sendable, Equatable, Hashable {
    /// The exact bytes the code holds (zbar's binary mode: no character-set guessing).
    public let bytes: [UInt8]

    /// Wraps decoded bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The bytes as text when they are valid UTF-8 (ASCII included), otherwise nil.
    public var text: String? {
        String(validating: bytes, as: UTF8.self)
    }
}
