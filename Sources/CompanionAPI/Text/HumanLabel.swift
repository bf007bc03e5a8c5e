/// The rule for text a person reads as a label (a device name, a task title): printable characters only.
///
/// Refused: control characters (Unicode general category Cc: C0, DEL, C1, so escape sequences, tab, newline
/// and carriage return), format characters (Cf: bidi controls such as U+202E, zero-width characters, the BOM,
/// soft hyphen, tag characters) and the line and paragraph separators U+2028 and U+2029 (Zl, Zp). Both the
/// sidecar (which refuses such labels with 400) and the companion (which refuses them before sending) use it.
public enum HumanLabel {
    /// True when `scalar` may not appear in a label.
    public static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// The first forbidden scalar of `text`, or nil when there is none.
    public static func firstForbidden(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isForbidden)
    }

    /// Why `text` is not a usable label named `field`, in one sentence that says what to do; nil when it is.
    public static func problem(_ text: String, field: String) -> String? {
        guard let scalar = firstForbidden(in: text) else { return nil }
        return "\(field) must be plain text on one line: it contains \(TerminalSafeText.visible(scalar)), a control, "
            + "format or line separator character; remove it"
    }
}
