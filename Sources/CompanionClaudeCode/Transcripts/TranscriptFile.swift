#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole transcript read and normalized in memory, without the index: for one-off reads and tests. The index
/// (``ClaudeIndex``) tails files instead and keeps the messages in SQLite.
package struct ParsedTranscript: Sendable, Hashable {
    /// The normalized messages, tool results paired with their tool uses.
    package var messages: [TranscriptMessage]
    /// The session facts.
    package var facts: TranscriptFacts
    /// Lines skipped because they were not JSON, not UTF-8, or lacked required fields.
    package var malformedLineCount: Int
    /// Lines skipped because they were longer than the reader's cap.
    package var oversizedLineCount: Int
    /// The offset after the last complete line (a half-written last line is not read).
    package var endOffset: UInt64

    /// Reads the transcript at `path`; a missing or unreadable file throws ``JSONLLineReader/ReadError``.
    package static func read(
        path: String, maximumLineLength: Int = JSONLLineReader.defaultMaximumLineLength
    ) throws -> ParsedTranscript {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw JSONLLineReader.ReadError(code: errno) }
        defer { close(descriptor) }
        var accumulator = TranscriptAccumulator()
        var batch = LineBatch()
        let outcome = try JSONLLineReader.read(descriptor: descriptor, from: 0, maximumLineLength: maximumLineLength) {
            line, start in
            batch.append(line, start: start)
            if batch.isFull { for parsed in batch.parse() { accumulator.add(parsed) } }
        }
        for parsed in batch.parse() { accumulator.add(parsed) }

        return ParsedTranscript(
            messages: accumulator.newMessages, facts: accumulator.facts,
            malformedLineCount: accumulator.malformedLineCount, oversizedLineCount: outcome.oversizedLineCount,
            endOffset: outcome.endOffset)
    }
}
