/// Splits a byte stream into text lines: `\n` ends a line (a preceding `\r` is dropped), a line longer than
/// ``maxLineBytes`` is cut into several, and what remains at the end is a last line. Invalid UTF-8 is replaced.
struct LineSplitter {
    /// Longest line kept in one piece (bytes).
    static let maxLineBytes = 16 * 1024

    private var pending: [UInt8] = []

    /// Feeds bytes; returns the lines they complete.
    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(Self.text(pending))
                pending.removeAll(keepingCapacity: true)
            } else {
                pending.append(byte)
                if pending.count >= Self.maxLineBytes {
                    lines.append(Self.text(pending))
                    pending.removeAll(keepingCapacity: true)
                }
            }
        }
        return lines
    }

    /// Ends the stream: the unterminated rest, if any, as a last line.
    mutating func finish() -> [String] {
        guard !pending.isEmpty else { return [] }
        defer { pending.removeAll() }
        return [Self.text(pending)]
    }

    private static func text(_ bytes: [UInt8]) -> String {
        var slice = bytes[...]
        if slice.last == UInt8(ascii: "\r") { slice = slice.dropLast() }
        return String(decoding: slice, as: UTF8.self)
    }
}
