import Foundation

/// An item name as a file name: unpadded base64url of its UTF-8 bytes, so that `/`, `.` and `..` in a name stay
/// inside the backend's directory (a valid name of 128 bytes becomes 171 characters, within any file system's
/// limit of 255).
enum ItemFileName {
    static func encode(_ name: String) -> String {
        // From the bytes, not `Data(name.utf8)`: that initialiser tries dynamic casts of its argument, each a scan of
        // every protocol-conformance record of the executable, and this runs on every vault read (docs/startup.md).
        let bytes = Array(name.utf8)
        var text = Data(bytes: bytes, count: bytes.count).base64EncodedString()
        while text.last == "=" { text.removeLast() }
        let safe = text.utf8.map {
            $0 == UInt8(ascii: "+") ? UInt8(ascii: "-") : $0 == UInt8(ascii: "/") ? UInt8(ascii: "_") : $0
        }
        return String(decoding: safe, as: UTF8.self)
    }

    /// The name, or nil for a file name this log did not write.
    static func decode(_ file: String) -> String? {
        var text = String(file.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        while text.utf8.count % 4 != 0 { text += "=" }
        guard let bytes = Data(base64Encoded: text) else { return nil }
        let name = String(decoding: bytes, as: UTF8.self)
        return encode(name) == file ? name : nil
    }
}
