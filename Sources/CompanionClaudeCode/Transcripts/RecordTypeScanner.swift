/// Finds a JSON Lines record's top-level `"type"` string without parsing the record, so that the bookkeeping
/// records Claude Code writes (request shapes and blobs, prompt snapshots, queue operations, cost state: most of a
/// transcript's bytes) are skipped without building their objects.
///
/// The scan walks strings and nesting only; it does not validate the JSON. It returns `nil` when the line has no
/// top-level `"type"` string (or is not an object), and the caller then parses the line to tell a malformed line
/// from one that only lacks the field.
enum RecordTypeScanner {
    static func type(of line: UnsafeRawBufferPointer) -> String? {
        guard let base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let count = line.count
        var index = 0
        var depth = 0
        var expectingKey = false
        while index < count {
            let byte = base[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index + 1
                let end = endOfString(base, from: start, count: count)
                guard end < count else { return nil }
                if depth == 1 && expectingKey && end - start == 4 && isTypeKey(base + start) {
                    return stringValue(base, after: end + 1, count: count)
                }
                index = end + 1
                continue
            case UInt8(ascii: "{"):
                depth += 1
                expectingKey = depth == 1
            case UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth <= 0 { return nil }
            case UInt8(ascii: ","):
                if depth == 1 { expectingKey = true }
            case UInt8(ascii: ":"):
                if depth == 1 { expectingKey = false }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The index of the quote that closes the string starting at `from` (or `count`).
    private static func endOfString(_ base: UnsafePointer<UInt8>, from: Int, count: Int) -> Int {
        var index = from
        while index < count {
            let byte = base[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
            } else if byte == UInt8(ascii: "\"") {
                return index
            } else {
                index += 1
            }
        }
        return count
    }

    private static func isTypeKey(_ pointer: UnsafePointer<UInt8>) -> Bool {
        pointer[0] == UInt8(ascii: "t") && pointer[1] == UInt8(ascii: "y") && pointer[2] == UInt8(ascii: "p")
            && pointer[3] == UInt8(ascii: "e")
    }

    /// The plain (escape-free) string value after a key's closing quote, e.g. `: "user"`.
    private static func stringValue(_ base: UnsafePointer<UInt8>, after: Int, count: Int) -> String? {
        var index = after
        while index < count, base[index] == UInt8(ascii: " ") || base[index] == UInt8(ascii: ":") { index += 1 }
        guard index < count, base[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        let end = endOfString(base, from: start, count: count)
        guard end < count, end - start <= 64 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    }
}
