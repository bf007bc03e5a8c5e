/// Makes scanned text safe to show on a terminal: a QR code could carry escape sequences that rewrite the screen.
public enum TerminalSafeText {
    /// Bidirectional overrides and isolates, which can make text display in a different order than it reads.
    public static let bidiControls: Set<UInt32> = [
        0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067,
        0x2068, 0x2069,
    ]

    /// `text` with control characters (other than tab) and bidi controls shown as `\u{…}` escapes.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x09) || (0x7F...0x9F).contains(value) || bidiControls.contains(value) {
                result += "\\u{\(String(value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
