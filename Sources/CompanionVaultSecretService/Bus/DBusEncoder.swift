/// Writes values in the D-Bus wire format, little-endian, aligned as the specification's "Marshaling" section
/// says: each value on a multiple of its alignment counted from the start of the message.
struct DBusEncoder {
    private(set) var bytes: [UInt8] = []

    /// The alignment of the type that `signature` starts with.
    static func alignment(of code: Character) -> Int {
        switch code {
        case "y", "g", "v": 1
        case "n", "q": 2
        case "b", "i", "u", "h", "s", "o", "a": 4
        default: 8  // x, t, d, structs and dictionary entries
        }
    }

    mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        pad(to: MemoryLayout<T>.size)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func appendString(_ text: String) {
        let utf8 = Array(text.utf8)
        append(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    mutating func appendSignature(_ signature: String) {
        let utf8 = Array(signature.utf8)
        bytes.append(UInt8(utf8.count))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    /// Writes `value`; throws when an array outgrows the specification's 64 MiB limit.
    mutating func encode(_ value: DBusValue) throws(DBusWireError) {
        switch value {
        case .byte(let byte): bytes.append(byte)
        case .boolean(let flag): append(UInt32(flag ? 1 : 0))
        case .int16(let number): append(number)
        case .uint16(let number): append(number)
        case .int32(let number): append(number)
        case .uint32(let number), .unixFD(let number): append(number)
        case .int64(let number): append(number)
        case .uint64(let number): append(number)
        case .double(let number): append(number.bitPattern)
        case .string(let text), .objectPath(let text): appendString(text)
        case .signature(let text): appendSignature(text)
        case .array(let element, let elements):
            append(UInt32(0))
            let lengthAt = bytes.count - 4
            pad(to: Self.alignment(of: element.first ?? "y"))
            let start = bytes.count
            for element in elements { try encode(element) }
            let length = bytes.count - start
            guard length <= DBusDecoder.maxArrayLength else { throw .tooLarge }
            withUnsafeBytes(of: UInt32(length).littleEndian) { raw in
                for (offset, byte) in raw.enumerated() { bytes[lengthAt + offset] = byte }
            }
        case .byteArray(let data):
            guard data.count <= DBusDecoder.maxArrayLength else { throw .tooLarge }
            append(UInt32(data.count))
            bytes.append(contentsOf: data)
        case .structure(let fields):
            pad(to: 8)
            for field in fields { try encode(field) }
        case .dictEntry(let key, let value):
            pad(to: 8)
            try encode(key)
            try encode(value)
        case .variant(let inner):
            appendSignature(inner.signature)
            try encode(inner)
        }
    }
}

/// What can be wrong with bytes on the bus.
enum DBusWireError: Error, Equatable {
    /// The bytes end before the value does.
    case truncated
    /// A signature, length, boolean, string or nesting depth the specification does not allow.
    case malformed(String)
    /// A message or array larger than allowed.
    case tooLarge
}
