/// Splits a byte stream into lines at `\n`, bounded: a line longer than ``maximumLineBytes`` is dropped (and
/// counted) up to its newline rather than buffered without end.
struct LineSplitter {
    /// The longest line kept (a tool result can be large; a transcript line of 50 MB is not a stream line).
    static let maximumLineBytes = 32 * 1024 * 1024

    private var pending: [UInt8] = []
    private var discarding = false
    /// Lines dropped for their length.
    private(set) var droppedLines = 0

    /// The complete lines in `bytes` (plus what was pending), without their newlines.
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> [String] {
        var lines: [String] = []
        var start = bytes.startIndex
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if discarding {
                discarding = false
            } else {
                pending.append(contentsOf: bytes[start..<newline])
                lines.append(String(decoding: pending, as: UTF8.self))
            }
            pending.removeAll(keepingCapacity: true)
            start = newline + 1
        }
        if !discarding {
            pending.append(contentsOf: bytes[start...])
            if pending.count > Self.maximumLineBytes {
                pending.removeAll()
                discarding = true
                droppedLines += 1
            }
        }
        return lines
    }

    /// What is left after the stream ended (a last line without newline), if anything.
    mutating func finish() -> String? {
        defer { pending.removeAll() }
        return pending.isEmpty || discarding ? nil : String(decoding: pending, as: UTF8.self)
    }
}
