/// Hex decoding for test vectors.
public enum Hex {
    public static func decode(_ text: String) -> [UInt8] {
        let chars = Array(text.utf8)
        precondition(chars.count % 2 == 0, "odd-length hex")
        return stride(from: 0, to: chars.count, by: 2).map { i in
            UInt8(String(decoding: chars[i..<i + 2], as: UTF8.self), radix: 16)!
        }
    }

    public static func encode(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }
}
