#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Skipping any value (validated, not built) and reading the few kinds of value the index uses, with the meaning
/// `try? container.decodeIfPresent(…)` gives them: a value of another type, or `null`, reads as absent.
extension JSONCursor {
    /// Skips the value starting here, validating it.
    mutating func skipValue(depth: Int = 0) throws(Undecided) {
        switch peek() {
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw Undecided() }
            try members { cursor, _ throws(Undecided) in try cursor.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw Undecided() }
            try elements { cursor throws(Undecided) in try cursor.skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try number()
        }
    }

    /// Reads the elements of the array starting here; `body` must consume each element.
    mutating func elements(_ body: (inout JSONCursor) throws(Undecided) -> Void) throws(Undecided) {
        try expect(UInt8(ascii: "["))
        if consume(UInt8(ascii: "]")) { return }
        repeat { try body(&self) } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "]"))
    }

    private mutating func literal(_ word: StaticString) throws(Undecided) {
        let length = word.utf8CodeUnitCount
        guard index + length <= count, memcmp(base + index, word.utf8Start, length) == 0 else { throw Undecided() }
        index += length
    }

    /// A number in RFC 8259's grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Undecided) {
        if index < count, base[index] == UInt8(ascii: "-") { index += 1 }
        guard index < count else { throw Undecided() }
        if base[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            try digits()
        }
        if index < count, base[index] == UInt8(ascii: ".") {
            index += 1
            try digits()
        }
        if index < count, base[index] == UInt8(ascii: "e") || base[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index += 1 }
            try digits()
        }
    }

    private mutating func digits() throws(Undecided) {
        let start = index
        while index < count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(base[index]) { index += 1 }
        guard index > start else { throw Undecided() }
    }

    /// A string value, or nil for a value of another type (skipped).
    mutating func optionalString() throws(Undecided) -> String? {
        guard peek() == UInt8(ascii: "\"") else {
            try skipValue()
            return nil
        }
        return decode(try string())
    }

    /// A boolean value, or nil for a value of another type (skipped).
    mutating func optionalBool() throws(Undecided) -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default:
            try skipValue()
            return nil
        }
    }

    /// The text of a validated string token, escapes decoded.
    func decode(_ token: StringToken) -> String {
        let length = token.end - token.start
        guard token.hasEscape else {
            return String(decoding: UnsafeBufferPointer(start: base + token.start, count: length), as: UTF8.self)
        }
        // An escape is never shorter than what it stands for, so the text fits in the token's length.
        return String(unsafeUninitializedCapacity: length) { out in
            var written = 0
            var at = token.start
            while at < token.end {
                let byte = base[at]
                guard byte == UInt8(ascii: "\\") else {
                    out[written] = byte
                    written += 1
                    at += 1
                    continue
                }
                let escaped = base[at + 1]
                at += 2
                switch escaped {
                case UInt8(ascii: "b"): out[written] = 0x08
                case UInt8(ascii: "f"): out[written] = 0x0C
                case UInt8(ascii: "n"): out[written] = 0x0A
                case UInt8(ascii: "r"): out[written] = 0x0D
                case UInt8(ascii: "t"): out[written] = 0x09
                case UInt8(ascii: "u"):
                    // Validated by `string()`: four hex digits outside the surrogate range (so at most 3 bytes).
                    let value = hex4(at: at) ?? 0xFFFD
                    at += 4
                    if value < 0x80 {
                        out[written] = UInt8(value)
                    } else if value < 0x800 {
                        out[written] = UInt8(0xC0 | value >> 6)
                        out[written + 1] = UInt8(0x80 | value & 0x3F)
                        written += 1
                    } else {
                        out[written] = UInt8(0xE0 | value >> 12)
                        out[written + 1] = UInt8(0x80 | value >> 6 & 0x3F)
                        out[written + 2] = UInt8(0x80 | value & 0x3F)
                        written += 2
                    }
                default: out[written] = escaped
                }
                written += 1
            }
            return written
        }
    }
}
