/// Makes text that came from elsewhere (the network, a QR code) safe to print on a terminal.
///
/// A terminal obeys what it is sent: escape sequences can write the clipboard (OSC 52), retitle the window
/// (OSC 0), clear or rewrite the screen (CSI), and bidi controls or a bare carriage return can make text read
/// differently from what it is. Every such character is shown as a visible escape instead: `\x1b` for C0 and
/// C1 controls (`\t`, `\n`, `\r` by name), `\u{202E}` for the rest. Everything else, any script or emoji,
/// is kept. This is the one definition used by everything the CLI prints (see SECURITY.md, "Output to
/// terminals"); log lines go through ``logLine(_:rendering:)``.
public enum TerminalSafeText {
    /// Where the text goes, which decides what happens to tab and newline.
    public enum Layout: Sendable {
        /// A field on one line (a name, a title, a table cell): tab and newline are escaped too.
        case field
        /// One line of a log: tab is kept, newline escaped.
        case line
        /// Free text over several lines (a description): tab and newline are kept.
        case block
    }

    /// Bidirectional controls (embeddings, overrides, isolates, marks), which make text display in another
    /// order than it reads.
    public static let bidiControls: Set<UInt32> = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]
    /// Invisible characters that can hide or split text: zero-width space, joiners, word joiner, BOM.
    public static let zeroWidth: Set<UInt32> = [0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF]
    /// Line and paragraph separators, which some terminals and viewers treat as line breaks.
    public static let separators: Set<UInt32> = [0x2028, 0x2029]

    /// `text` with every dangerous character shown as a visible escape (see the type's documentation).
    public static func escaped(_ text: String, layout: Layout = .field) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            if needsEscape(scalar, layout: layout) {
                result += visible(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True when `scalar` must not reach a terminal as is, in `layout`.
    public static func needsEscape(_ scalar: Unicode.Scalar, layout: Layout = .field) -> Bool {
        let value = scalar.value
        switch value {
        case 0x09: return layout == .field
        case 0x0A: return layout != .block
        case 0x00..<0x20, 0x7F...0x9F: return true
        default: return bidiControls.contains(value) || zeroWidth.contains(value) || separators.contains(value)
        }
    }

    /// The visible form of one scalar: `\t`, `\n`, `\r`, `\x1b` below U+0100, `\u{202E}` above.
    public static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x09: return "\\t"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case let value where value < 0x100: return "\\x" + hex(value, digits: 2).lowercased()
        case let value: return "\\u{" + hex(value, digits: 4) + "}"
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
