/// A tool use's input written as ``JSONText`` (compact, keys sorted) straight from the bytes, for the values whose
/// text is certain: objects, arrays, strings, `true`, `false`, `null` and plain integers. A fraction, an exponent, a
/// long integer, `-0` or a key given twice throws ``JSONCursor/Undecided``, and the caller lets `JSONDecoder` decode
/// the value (its `Int`/`Double` reading decides how such a number is written).
extension JSONCursor {
    /// Writes the value starting here as ``JSONText`` does.
    mutating func canonical(into out: inout String, depth: Int = 0) throws(Undecided) {
        switch peek() {
        case UInt8(ascii: "\""):
            JSONText.quote(decode(try string()), into: &out)
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw Undecided() }
            var entries: [(key: String, text: String)] = []
            try members { cursor, key throws(Undecided) in
                var text = ""
                try cursor.canonical(into: &text, depth: depth + 1)
                entries.append((cursor.decode(key), text))
            }
            entries.sort { $0.key < $1.key }
            out += "{"
            for (position, member) in entries.enumerated() {
                if position > 0 {
                    if entries[position - 1].key == member.key { throw Undecided() }
                    out += ","
                }
                JSONText.quote(member.key, into: &out)
                out += ":"
                out += member.text
            }
            out += "}"
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw Undecided() }
            out += "["
            var first = true
            try elements { cursor throws(Undecided) in
                if !first { out += "," }
                first = false
                try cursor.canonical(into: &out, depth: depth + 1)
            }
            out += "]"
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let start = index
            try skipValue()
            out += String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
        default:
            try integer(into: &out)
        }
    }

    /// A plain integer of at most 18 digits (so an `Int`, written back as it is), without a leading zero or `-0`.
    private mutating func integer(into out: inout String) throws(Undecided) {
        let start = index
        if index < count, base[index] == UInt8(ascii: "-") { index += 1 }
        let digitsStart = index
        while index < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(base[index]) { index += 1 }
        let digits = index - digitsStart
        guard digits > 0, digits <= 18, base[digitsStart] != UInt8(ascii: "0") || (digits == 1 && start == digitsStart)
        else { throw Undecided() }
        if index < count {
            switch base[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): throw Undecided()
            default: break
            }
        }
        out += String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
    }
}
