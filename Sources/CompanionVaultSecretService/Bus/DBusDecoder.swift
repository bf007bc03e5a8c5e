/// Reads values in the D-Bus wire format from bytes that came over the bus, so nothing in them is trusted:
/// every length is checked against the bytes left, arrays against the specification's 64 MiB, nesting against
/// its 32 levels of arrays and of structs, strings for UTF-8 and their terminating NUL, booleans for 0 or 1.
struct DBusDecoder {
    static let maxArrayLength = 64 << 20
    static let maxDepth = 32

    private let bytes: [UInt8]
    /// Offset of the next byte to read, counted from the start of the message (alignment is relative to it).
    private(set) var offset: Int
    private let bigEndian: Bool

    init(bytes: [UInt8], offset: Int = 0, bigEndian: Bool = false) {
        self.bytes = bytes
        self.offset = offset
        self.bigEndian = bigEndian
    }

    /// Reads one value of each complete type in `signature`.
    mutating func decode(signature: String) throws(DBusWireError) -> [DBusValue] {
        let types = try DBusSignature.split(signature)
        var values: [DBusValue] = []
        for type in types { values.append(try decode(type: type, arrays: 0, structs: 0)) }
        return values
    }

    mutating func align(_ alignment: Int) throws(DBusWireError) {
        let padded = (offset + alignment - 1) / alignment * alignment
        guard padded <= bytes.count else { throw .truncated }
        // The specification requires padding bytes to be zero.
        guard bytes[offset..<padded].allSatisfy({ $0 == 0 }) else { throw .malformed("non-zero padding") }
        offset = padded
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type) throws(DBusWireError) -> T {
        try align(MemoryLayout<T>.size)
        guard bytes.count - offset >= MemoryLayout<T>.size else { throw .truncated }
        var value: T = 0
        for index in 0..<MemoryLayout<T>.size { value |= T(truncatingIfNeeded: bytes[offset + index]) << (8 * index) }
        offset += MemoryLayout<T>.size
        return bigEndian ? value.byteSwapped : value
    }

    private mutating func readByte() throws(DBusWireError) -> UInt8 {
        guard offset < bytes.count else { throw .truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    private mutating func readText(length: Int) throws(DBusWireError) -> String {
        guard length >= 0, bytes.count - offset > length else { throw .truncated }
        let slice = bytes[offset..<offset + length]
        guard bytes[offset + length] == 0, !slice.contains(0), let text = String(validating: slice, as: UTF8.self)
        else { throw .malformed("string") }
        offset += length + 1
        return text
    }

    private mutating func decode(type: String, arrays: Int, structs: Int) throws(DBusWireError) -> DBusValue {
        guard arrays <= Self.maxDepth, structs <= Self.maxDepth else { throw .malformed("nesting too deep") }
        switch type.first {
        case "y": return .byte(try readByte())
        case "b":
            let flag = try read(UInt32.self)
            guard flag <= 1 else { throw .malformed("boolean") }
            return .boolean(flag == 1)
        case "n": return .int16(try read(Int16.self))
        case "q": return .uint16(try read(UInt16.self))
        case "i": return .int32(try read(Int32.self))
        case "u": return .uint32(try read(UInt32.self))
        case "h": return .unixFD(try read(UInt32.self))
        case "x": return .int64(try read(Int64.self))
        case "t": return .uint64(try read(UInt64.self))
        case "d": return .double(Double(bitPattern: try read(UInt64.self)))
        case "s": return .string(try readText(length: Int(try read(UInt32.self))))
        case "o":
            let path = try readText(length: Int(try read(UInt32.self)))
            guard DBusSignature.isObjectPath(path) else { throw .malformed("object path") }
            return .objectPath(path)
        case "g":
            let signature = try readText(length: Int(try readByte()))
            _ = try DBusSignature.split(signature)
            return .signature(signature)
        case "v":
            let signature = try readText(length: Int(try readByte()))
            let types = try DBusSignature.split(signature)
            guard types.count == 1 else { throw .malformed("variant signature") }
            return .variant(try decode(type: types[0], arrays: arrays, structs: structs + 1))
        case "a":
            let length = Int(try read(UInt32.self))
            guard length <= Self.maxArrayLength else { throw .tooLarge }
            let element = String(type.dropFirst())
            try align(DBusEncoder.alignment(of: element.first ?? "y"))
            guard bytes.count - offset >= length else { throw .truncated }
            if element == "y" {
                defer { offset += length }
                return .byteArray(Array(bytes[offset..<offset + length]))
            }
            let end = offset + length
            var elements: [DBusValue] = []
            while offset < end { elements.append(try decode(type: element, arrays: arrays + 1, structs: structs)) }
            guard offset == end else { throw .malformed("array length") }
            return .array(element: element, elements)
        case "(":
            try align(8)
            var fields: [DBusValue] = []
            for field in try DBusSignature.split(String(type.dropFirst().dropLast())) {
                fields.append(try decode(type: field, arrays: arrays, structs: structs + 1))
            }
            return .structure(fields)
        case "{":
            try align(8)
            let parts = try DBusSignature.split(String(type.dropFirst().dropLast()))
            guard parts.count == 2 else { throw .malformed("dictionary entry") }
            let key = try decode(type: parts[0], arrays: arrays, structs: structs + 1)
            return .dictEntry(key, try decode(type: parts[1], arrays: arrays, structs: structs + 1))
        default: throw .malformed("signature")
        }
    }
}
