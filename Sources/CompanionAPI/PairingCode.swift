/// Client- and server-side validation of the 6-digit pairing code (`^[0-9]{6}$`).
public enum PairingCode {
    /// Number of digits in a code.
    public static let length = 6

    /// True when `text` is exactly six ASCII digits, nothing else (no spaces, no signs, no Unicode digits).
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == length && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// A code with all but the last digit masked (`•••••6`), for logs and screens that must not show it.
    public static func redacted(_ text: String) -> String {
        String(repeating: "•", count: max(0, text.count - 1)) + String(text.suffix(1))
    }
}
