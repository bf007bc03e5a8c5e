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
        guard message.count <= Self.maxLength else { throw .tooLarge }
        return message
    }

    /// The length of the complete message at the start of `bytes`, once its fixed header (16 bytes) is there.
    static func length(ofMessageStarting bytes: [UInt8]) throws(DBusWireError) -> Int? {
        guard bytes.count >= 16 else { return nil }
        guard bytes[0] == UInt8(ascii: "l") || bytes[0] == UInt8(ascii: "B"), bytes[3] == 1 else {
            throw .malformed("message header")
        }
        var decoder = DBusDecoder(bytes: Array(bytes[0..<16]), offset: 4, bigEndian: bytes[0] == UInt8(ascii: "B"))
        let bodyLength = Int(try decoder.read(UInt32.self))
        _ = try decoder.read(UInt32.self)
        let fieldsLength = Int(try decoder.read(UInt32.self))
        let total = 16 + (fieldsLength + 7) / 8 * 8 + bodyLength
        guard fieldsLength <= maxLength, bodyLength <= maxLength, total <= maxLength else { throw .tooLarge }
        return total
    }

}

extension DBusMessage {
    /// Decodes one complete message (``length(ofMessageStarting:)`` bytes).
    init(decoding bytes: [UInt8]) throws(DBusWireError) {
        let bigEndian = bytes.first == UInt8(ascii: "B")
        var decoder = DBusDecoder(bytes: bytes, offset: 1, bigEndian: bigEndian)
        let header = try decoder.decode(signature: "yyyuua(yv)")
        guard case .byte(let type) = header[0], case .uint32(let serial) = header[4], serial != 0,
            case .array(_, let fields) = header[5]
        else { throw .malformed("message header") }
        // Unknown message types must be ignored; they are read as signals, which no caller waits for.
        self.init(kind: Kind(rawValue: type) ?? .signal, serial: serial)
        var signature = ""
        for case .structure(let pair) in fields {
            guard pair.count == 2, case .byte(let code) = pair[0] else { continue }
            let value = pair[1].unwrapped
            switch code {
            case 1: path = value.text
            case 2: interface = value.text
            case 3: member = value.text
            case 4: errorName = value.text
            case 5: if case .uint32(let number) = value { replySerial = number }
            case 6: destination = value.text
            case 7: sender = value.text
            case 8: signature = value.text ?? ""
            default: break
            }
        }
        try decoder.align(8)
        body = try decoder.decode(signature: signature)
        guard decoder.offset == bytes.count else { throw .malformed("body length") }
    }

}
