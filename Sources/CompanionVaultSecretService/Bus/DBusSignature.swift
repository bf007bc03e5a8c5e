/// Type signatures and object paths, checked as the D-Bus specification defines them.
enum DBusSignature {
    /// Splits a signature into its complete types (`a{sv}s` into `a{sv}` and `s`); throws on an invalid one.
    ///
    /// Works on the UTF-8 bytes (a valid signature is ASCII): building strings from `Character` slices went through
    /// a generic initialiser's dynamic casts, a scan of every protocol-conformance record on each read
    /// (docs/startup.md).
    static func split(_ signature: String) throws(DBusWireError) -> [String] {
        let codes = Array(signature.utf8)
        guard codes.count <= 255 else { throw .malformed("signature too long") }
        var types: [String] = []
        var index = 0
        while index < codes.count {
            let end = try completeType(codes, at: index, depth: 0)
            types.append(String(decoding: codes[index..<end], as: UTF8.self))
            index = end
        }
        return types
    }

    /// The basic types' codes, which may key a dictionary entry.
    private static let basicCodes = Array("ybnqiuxtdhsog".utf8)

    /// The index just past the complete type starting at `index`.
    private static func completeType(_ codes: [UInt8], at index: Int, depth: Int) throws(DBusWireError) -> Int {
        guard depth <= 64, index < codes.count else { throw .malformed("signature") }
        switch Unicode.Scalar(codes[index]) {
        case "y", "b", "n", "q", "i", "u", "x", "t", "d", "h", "s", "o", "g", "v": return index + 1
        case "a": return try completeType(codes, at: index + 1, depth: depth + 1)
        case "(":
            var next = index + 1
            guard next < codes.count, codes[next] != UInt8(ascii: ")") else { throw .malformed("empty struct") }
            while next < codes.count, codes[next] != UInt8(ascii: ")") {
                next = try completeType(codes, at: next, depth: depth + 1)
            }
            guard next < codes.count else { throw .malformed("unclosed struct") }
            return next + 1
        case "{":
            // Only as an array's element, with a basic key and one value.
            guard index > 0, codes[index - 1] == UInt8(ascii: "a"), index + 1 < codes.count,
                basicCodes.contains(codes[index + 1])
            else { throw .malformed("dictionary entry") }
            let value = try completeType(codes, at: index + 2, depth: depth + 1)
            guard value < codes.count, codes[value] == UInt8(ascii: "}") else { throw .malformed("dictionary entry") }
            return value + 1
        default: throw .malformed("signature")
        }
    }

    /// `/` or `/`-separated elements of `[A-Za-z0-9_]`, none empty, no trailing `/`.
    static func isObjectPath(_ path: String) -> Bool {
        guard path.first == "/" else { return false }
        if path == "/" { return true }
        let elements = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return elements.allSatisfy { element in
            !element.isEmpty
                && element.utf8.allSatisfy { byte in
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                        || byte == 0x5F
                }
        }
    }
}
