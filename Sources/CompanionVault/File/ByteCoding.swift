/// Big-endian byte writing for the file vault format.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func append(_ raw: [UInt8]) { bytes += raw }
    mutating func u8(_ value: UInt8) { bytes.append(value) }
    mutating func u16(_ value: UInt16) { integer(UInt64(value), width: 2) }
    mutating func u32(_ value: UInt32) { integer(UInt64(value), width: 4) }
    mutating func u64(_ value: UInt64) { integer(value, width: 8) }

    /// A UTF-8 string prefixed by its 16-bit length.
    mutating func string(_ text: String) {
        let utf8 = Array(text.utf8.prefix(Int(UInt16.max)))
        u16(UInt16(utf8.count))
        append(utf8)
    }

    private mutating func integer(_ value: UInt64, width: Int) {
        for shift in stride(from: (width - 1) * 8, through: 0, by: -8) {
            bytes.append(UInt8((value >> UInt64(shift)) & 0xFF))
        }
    }
}

/// Big-endian byte reading over a raw buffer; every read is bounds-checked and throws ``ByteReader/Truncated``.
struct ByteReader {
    struct Truncated: Error {}

    private let buffer: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ buffer: UnsafeRawBufferPointer) { self.buffer = buffer }

    var remaining: Int { buffer.count - offset }

    mutating func take(_ count: Int) throws -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else { throw Truncated() }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + count])
    }

    mutating func bytes(_ count: Int) throws -> [UInt8] { Array(try take(count)) }
    mutating func u8() throws -> UInt8 { try take(1)[0] }
    mutating func u16() throws -> UInt16 { UInt16(try integer(2)) }
    mutating func u32() throws -> UInt32 { UInt32(try integer(4)) }
    mutating func u64() throws -> UInt64 { try integer(8) }

    mutating func string() throws -> String {
        let length = Int(try u16())
        return String(decoding: try take(length), as: UTF8.self)
    }

    private mutating func integer(_ width: Int) throws -> UInt64 {
        try take(width).reduce(0) { ($0 << 8) | UInt64($1) }
    }
}
