/// A value of the D-Bus type system, as far as the Secret Service's read calls need it: the basic types, arrays,
/// structs, dictionary entries and variants (D-Bus specification, "Type System"). File descriptors (`h`) are
/// read as their index and never used.
indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case unixFD(UInt32)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// An array with its element signature (kept so that an empty array can be written).
    case array(element: String, [DBusValue])
    /// An array of bytes (`ay`), kept as bytes: the decoder reads every `ay` this way.
    case byteArray([UInt8])
    case structure([DBusValue])
    case dictEntry(DBusValue, DBusValue)
    case variant(DBusValue)

    /// The value's complete type signature.
    var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .unixFD: "h"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .byteArray: "ay"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        case .variant: "v"
        }
    }

    /// An array of bytes (`ay`).
    static func bytes(_ bytes: [UInt8]) -> DBusValue { .byteArray(bytes) }

    /// A string-to-string dictionary (`a{ss}`), keys sorted so the message is the same every time.
    static func stringDictionary(_ dictionary: [String: String]) -> DBusValue {
        .array(
            element: "{ss}",
            dictionary.sorted { $0.key < $1.key }.map { .dictEntry(.string($0.key), .string($0.value)) })
    }

    /// The string of a `s`, `o` or `g` value.
    var text: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): text
        default: nil
        }
    }

    /// The elements of an array.
    var elements: [DBusValue]? {
        switch self {
        case .array(_, let elements): elements
        case .byteArray(let bytes): bytes.map(DBusValue.byte)
        default: nil
        }
    }

    /// The bytes of an `ay`.
    var byteArray: [UInt8]? {
        switch self {
        case .byteArray(let bytes): bytes
        case .array("y", let elements): elements.map { if case .byte(let byte) = $0 { byte } else { 0 } }
        default: nil
        }
    }

    /// The value inside a variant.
    var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner }
        return self
    }
}
