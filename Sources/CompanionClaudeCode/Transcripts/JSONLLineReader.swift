#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the complete lines of a JSON Lines file from a byte offset, safely on a file another process is appending
/// to: only `\n`-terminated lines are handed over, and the offset returned is the one just after the last complete
/// line, so a half-written last line is read whole on the next call.
///
/// Memory is bounded: a line longer than `maximumLineLength` bytes is not buffered but skipped (counted in
/// ``Outcome/oversizedLineCount``) by scanning on to its newline; the buffer never grows beyond
/// `maximumLineLength` plus one chunk. An oversized line that has no newline yet is scanned again on the next call
/// (its bytes are not kept).
package enum JSONLLineReader {
    /// The default cap on one line: 16 MiB (real transcripts' largest lines are tool results with base64 images,
    /// a few MiB at most).
    package static let defaultMaximumLineLength = 16 << 20

    /// What one read did.
    package struct Outcome: Sendable, Equatable {
        /// The byte offset just after the last complete line (or skipped oversized line); the next read starts here.
        package var endOffset: UInt64
        /// The complete lines handed to the body.
        package var lineCount: Int
        /// Complete lines skipped because they were longer than the cap.
        package var oversizedLineCount: Int
    }

    /// A read failed at the system level (the file could not be opened or read).
    package struct ReadError: Error, Sendable, Equatable {
        /// The `errno` value.
        package var code: Int32
    }

    /// Reads the complete lines of the open file `descriptor` starting at `offset`, calling `body` with each line
    /// (without its `\n`) and the file offset of its first byte. The bytes are only valid during the call.
    package static func read(
        descriptor: Int32, from offset: UInt64, maximumLineLength: Int = defaultMaximumLineLength,
        chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer, UInt64) throws -> Void
    ) throws -> Outcome {
        var buffer = LineBuffer(capacity: max(4096, min(chunkSize, maximumLineLength + 1)))
        defer { buffer.deallocate() }
        var outcome = Outcome(endOffset: offset, lineCount: 0, oversizedLineCount: 0)
        var readOffset = offset
        var bufferOffset = offset  // The file offset of the buffer's first byte.
        var skipping = false  // Discarding an oversized line up to its newline.
        while true {
            if buffer.count == buffer.capacity {
                if buffer.count > maximumLineLength {
                    skipping = true
                    buffer.count = 0
                    bufferOffset = readOffset
                } else {
                    buffer.grow(to: min(buffer.capacity * 2, maximumLineLength + 1 + chunkSize))
                }
            }
            let got = pread(descriptor, buffer.base + buffer.count, buffer.capacity - buffer.count, off_t(readOffset))
            if got < 0 {
                if errno == EINTR { continue }
                throw ReadError(code: errno)
            }
            if got == 0 { break }
            let scanFrom = buffer.count
            buffer.count += got
            readOffset += UInt64(got)
            var lineStart = 0
            var cursor = scanFrom
            while cursor < buffer.count,
                let found = memchr(buffer.base + cursor, 0x0A, buffer.count - cursor)
            {
                let newline = found - UnsafeMutableRawPointer(buffer.base)
                if skipping || newline - lineStart > maximumLineLength {
                    skipping = false
                    outcome.oversizedLineCount += 1
                } else {
                    try body(
                        UnsafeRawBufferPointer(start: buffer.base + lineStart, count: newline - lineStart),
                        bufferOffset + UInt64(lineStart))
                    outcome.lineCount += 1
                }
                lineStart = newline + 1
                cursor = lineStart
                outcome.endOffset = bufferOffset + UInt64(lineStart)
            }
            if skipping {
                buffer.count = 0
                bufferOffset = readOffset
            } else if lineStart > 0 {
                buffer.dropFirst(lineStart)
                bufferOffset += UInt64(lineStart)
            }
        }
        return outcome
    }
}

/// A growable byte buffer with manual memory management, for the reader's hot loop.
private struct LineBuffer {
    var base: UnsafeMutablePointer<UInt8>
    var capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    mutating func grow(to newCapacity: Int) {
        guard newCapacity > capacity else { return }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    mutating func dropFirst(_ n: Int) {
        let remaining = count - n
        if remaining > 0 { memmove(base, base + n, remaining) }
        count = remaining
    }

    func deallocate() { base.deallocate() }
}
