/// One D-Bus message: the fixed header, the header fields this client uses and the body's values.
struct DBusMessage: Equatable {
    enum Kind: UInt8 {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    /// Largest message accepted from the bus (the specification allows 128 MiB; nothing the Secret Service
    /// sends a reader comes near this).
    static let maxLength = 16 << 20

    var kind: Kind
    var serial: UInt32
    var path: String?
    var interface: String?
    var member: String?
    var errorName: String?
    var replySerial: UInt32?
    var destination: String?
    var sender: String?
    var body: [DBusValue] = []

    /// A method call to `destination`.
    static func call(
        _ destination: String, path: String, interface: String, member: String, serial: UInt32, _ body: [DBusValue]
    ) -> DBusMessage {
        DBusMessage(
            kind: .methodCall, serial: serial, path: path, interface: interface, member: member,
            destination: destination, body: body)
    }

    /// The message in wire format (little-endian, protocol version 1).
    func encoded() throws(DBusWireError) -> [UInt8] {
        var payload = DBusEncoder()
        for value in body { try payload.encode(value) }
        var fields: [DBusValue] = []
        func field(_ code: UInt8, _ value: DBusValue?) {
            if let value { fields.append(.structure([.byte(code), .variant(value)])) }
        }
        field(1, path.map(DBusValue.objectPath))
        field(2, interface.map(DBusValue.string))
        field(3, member.map(DBusValue.string))
        field(4, errorName.map(DBusValue.string))
        field(5, replySerial.map(DBusValue.uint32))
        field(6, destination.map(DBusValue.string))
        field(7, sender.map(DBusValue.string))
        if !body.isEmpty { field(8, .signature(body.map(\.signature).joined())) }
        var header = DBusEncoder()
        for byte: UInt8 in [UInt8(ascii: "l"), kind.rawValue, 0, 1] { try header.encode(.byte(byte)) }
        header.append(UInt32(payload.bytes.count))
        header.append(serial)
        try header.encode(.array(element: "(yv)", fields))
        header.pad(to: 8)
        let message = header.bytes + payload.bytes
        guard message.count <= Self.protocolMaximum else { throw .tooLarge }
        return message
    }

    /// The specification's limit on a whole message: anything larger is a broken stream.
    static let protocolMaximum = 128 << 20

    /// The lengths of the message at the start of `bytes`, once its fixed 16 bytes are there: its header (fixed part
    /// and header fields, padded to 8) and the whole message. Neither is checked against ``maxLength`` here: a
    /// message not meant for this client is skipped whatever its size.
    static func lengths(ofMessageStarting bytes: [UInt8]) throws(DBusWireError) -> (header: Int, total: Int)? {
        guard bytes.count >= 16 else { return nil }
        guard bytes[0] == UInt8(ascii: "l") || bytes[0] == UInt8(ascii: "B"), bytes[3] == 1 else {
            throw .malformed("message header")
        }
        var decoder = DBusDecoder(bytes: Array(bytes[0..<16]), offset: 4, bigEndian: bytes[0] == UInt8(ascii: "B"))
        let bodyLength = Int(try decoder.read(UInt32.self))
        _ = try decoder.read(UInt32.self)
        let fieldsLength = Int(try decoder.read(UInt32.self))
        let header = 16 + (fieldsLength + 7) / 8 * 8
        guard fieldsLength <= protocolMaximum, bodyLength <= protocolMaximum, header + bodyLength <= protocolMaximum
        else { throw .tooLarge }
        return (header, header + bodyLength)
    }
}

extension DBusMessage {
    /// The fixed part and header fields of a message (its first ``lengths(ofMessageStarting:)`` header bytes), with
    /// the body's signature: enough to tell whether the message is for this client without reading its body.
    static func header(_ bytes: [UInt8]) throws(DBusWireError) -> (message: DBusMessage, bodySignature: String) {
        let bigEndian = bytes.first == UInt8(ascii: "B")
        var decoder = DBusDecoder(bytes: bytes, offset: 1, bigEndian: bigEndian)
        let header = try decoder.decode(signature: "yyyuua(yv)")
        guard case .byte(let type) = header[0], type != 0, case .uint32(let serial) = header[4], serial != 0,
            case .array(_, let fields) = header[5]
        else { throw .malformed("message header") }
        // Unknown message types must be ignored; they are read as signals, which no caller waits for.
        var message = DBusMessage(kind: Kind(rawValue: type) ?? .signal, serial: serial)
        var signature = ""
        for case .structure(let pair) in fields {
            guard pair.count == 2, case .byte(let code) = pair[0], code != 0 else { throw .malformed("header field") }
            let value = pair[1].unwrapped
            // Each known field has one type (D-Bus specification, "Header Fields"); unknown codes are ignored.
            let expected: [UInt8: String] = [1: "o", 2: "s", 3: "s", 4: "s", 5: "u", 6: "s", 7: "s", 8: "g", 9: "u"]
            if let type = expected[code], value.signature != type { throw .malformed("header field \(code)") }
            switch code {
            case 1: message.path = value.text
            case 2: message.interface = value.text
            case 3: message.member = value.text
            case 4: message.errorName = value.text
            case 5: if case .uint32(let number) = value { message.replySerial = number }
            case 6: message.destination = value.text
            case 7: message.sender = value.text
            case 8: signature = value.text ?? ""
            default: break
            }
        }
        try decoder.align(8)
        guard decoder.offset == bytes.count else { throw .malformed("header length") }
        return (message, signature)
    }

    /// Decodes one complete message (``lengths(ofMessageStarting:)``'s total bytes).
    init(decoding bytes: [UInt8]) throws(DBusWireError) {
        guard let lengths = try Self.lengths(ofMessageStarting: bytes), lengths.total == bytes.count,
            lengths.total <= Self.maxLength
        else { throw bytes.count > Self.maxLength ? .tooLarge : .truncated }
        var (message, signature) = try Self.header(Array(bytes[0..<lengths.header]))
        var decoder = DBusDecoder(
            bytes: bytes, offset: lengths.header, bigEndian: bytes.first == UInt8(ascii: "B"))
        message.body = try decoder.decode(signature: signature)
        guard decoder.offset == bytes.count else { throw .malformed("body length") }
        self = message
    }
}
