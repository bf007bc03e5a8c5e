#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A forward reader over the UTF-8 bytes of one JSON document that validates what it passes and decodes only the
/// strings asked for: the transcript index's field scanner (``RawRecordScanner``) reads a few keys of a record and
/// skips the rest (a tool result's file copy, request shapes, usage figures) without building them.
///
/// It accepts a strict subset of what `JSONDecoder` accepts and throws ``Undecided`` for anything else — a syntax
/// error, an escaped key, a `\u` escape in the surrogate range, invalid UTF-8, a control character in a string,
/// nesting deeper than ``maximumDepth`` — so that the caller hands such a line to `JSONDecoder`, which gives the
/// answer (usually "malformed"). The cursor therefore never has to agree with `JSONDecoder` on an edge case; it
/// only has to be sure of what it accepts.
struct JSONCursor {
    /// The cursor cannot decide this document; `JSONDecoder` must.
    struct Undecided: Error {}

    /// A string token: the bytes between its quotes, and whether they hold an escape.
    struct StringToken {
        var start: Int
        var end: Int
        var hasEscape: Bool
    }

    static let maximumDepth = 64

    let base: UnsafePointer<UInt8>
    let count: Int
    var index = 0

    init(_ base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The next significant byte (whitespace skipped), or 0 at the end.
    mutating func peek() -> UInt8 {
        while index < count {
            switch base[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return base[index]
            }
        }
        return 0
    }

    /// Consumes `byte` as the next significant byte.
    mutating func expect(_ byte: UInt8) throws(Undecided) {
        guard peek() == byte else { throw Undecided() }
        index += 1
    }

    /// Consumes `byte` if it is the next significant byte.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    /// Whether only whitespace is left.
    mutating func atEnd() -> Bool { peek() == 0 && index == count }

    /// Reads the members of the object starting here, calling `body` with each key; `body` must consume the value.
    mutating func members(_ body: (inout JSONCursor, StringToken) throws(Undecided) -> Void) throws(Undecided) {
        try expect(UInt8(ascii: "{"))
        if consume(UInt8(ascii: "}")) { return }
        repeat {
            guard peek() == UInt8(ascii: "\"") else { throw Undecided() }
            let key = try string()
            if key.hasEscape { throw Undecided() }
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
        } while consume(UInt8(ascii: ","))
        try expect(UInt8(ascii: "}"))
    }

    /// Whether `token` is exactly `name` (an escape-free key).
    func matches(_ token: StringToken, _ name: StaticString) -> Bool {
        token.end - token.start == name.utf8CodeUnitCount
            && memcmp(base + token.start, name.utf8Start, name.utf8CodeUnitCount) == 0
    }

    /// Reads the string starting at the cursor (its opening quote), validating escapes and UTF-8.
    mutating func string() throws(Undecided) -> StringToken {
        index += 1
        let start = index
        var hasEscape = false
        while true {
            while index &+ 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if Self.mayHoldSpecialByte(word) { break }
                index &+= 8
            }
            guard index < count else { throw Undecided() }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return StringToken(start: start, end: index - 1, hasEscape: hasEscape)
            } else if byte == UInt8(ascii: "\\") {
                hasEscape = true
                try escape()
            } else if byte < 0x20 {
                throw Undecided()
            } else if byte >= 0x80 {
                try utf8Sequence()
            } else {
                index += 1
            }
        }
    }

    /// Whether any byte of `word` may be a quote, a backslash, a control character or non-ASCII (false positives
    /// only send the scan to the byte-by-byte path).
    @inline(__always)
    private static func mayHoldSpecialByte(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let zeroInQuote = (quote &- ones) & ~quote
        let zeroInBackslash = (backslash &- ones) & ~backslash
        let control = (word &- ones &* 0x20) & ~word
        return (zeroInQuote | zeroInBackslash | control | word) & highs != 0
    }

    private mutating func escape() throws(Undecided) {
        guard index + 1 < count else { throw Undecided() }
        switch base[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            guard let scalar = hex4(at: index + 2), !(0xD800...0xDFFF).contains(scalar) else { throw Undecided() }
            index += 6
        default:
            throw Undecided()
        }
    }

    /// The value of the four hex digits at `at`, if there are four.
    func hex4(at: Int) -> UInt32? {
        guard at + 4 <= count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = base[at + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (no overlong forms, surrogates or values above U+10FFFF).
    private mutating func utf8Sequence() throws(Undecided) {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: throw Undecided()
        }
        guard index + length <= count, (low...high).contains(base[index + 1]) else { throw Undecided() }
        for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 { throw Undecided() }
        index += length
    }
}
