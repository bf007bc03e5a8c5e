/// Bounds on the text the index keeps.
enum TextBounds {
    /// `text` cut to at most `limit` UTF-8 bytes at a character boundary, and whether it was cut.
    static func clip(_ text: String, to limit: Int = TranscriptMessage.maximumFieldLength) -> (String, Bool) {
        guard text.utf8.count > limit else { return (text, false) }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: limit)
        while end > text.startIndex, end.samePosition(in: text.unicodeScalars) == nil {
            end = text.utf8.index(before: end)
        }
        return (String(text.unicodeScalars[..<end]), true)
    }

    /// A title: whitespace runs collapsed to one space, trimmed, at most `limit` characters (with an ellipsis).
    static func title(_ text: String, limit: Int = 120) -> String? {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        guard !words.isEmpty else { return nil }
        let joined = words.joined(separator: " ")
        guard joined.count > limit else { return joined }
        return String(joined.prefix(limit - 1)) + "…"
    }
}
