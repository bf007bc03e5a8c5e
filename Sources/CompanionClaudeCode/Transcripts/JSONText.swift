/// Any JSON value, decoded and written back as compact JSON text with sorted keys (a tool use's input).
struct JSONText: Decodable, Equatable {
    var text: String

    init(text: String) { self.text = text }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        var out = ""
        try Self.write(decoder, into: &out)
        text = out
    }

    private static func write(_ decoder: any Decoder, into out: inout String) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            out += "{"
            for (position, key) in object.allKeys.sorted(by: { $0.stringValue < $1.stringValue }).enumerated() {
                if position > 0 { out += "," }
                quote(key.stringValue, into: &out)
                out += ":"
                try write(object.superDecoder(forKey: key), into: &out)
            }
            out += "}"
        } else if var array = try? decoder.unkeyedContainer() {
            out += "["
            var first = true
            while !array.isAtEnd {
                if !first { out += "," }
                first = false
                try write(array.superDecoder(), into: &out)
            }
            out += "]"
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                out += "null"
            } else if let bool = try? value.decode(Bool.self) {
                out += bool ? "true" : "false"
            } else if let int = try? value.decode(Int.self) {
                out += String(int)
            } else if let double = try? value.decode(Double.self) {
                out += String(double)
            } else {
                quote(try value.decode(String.self), into: &out)
            }
        }
    }

    static func quote(_ string: String, into out: inout String) {
        out += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
