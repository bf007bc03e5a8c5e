import CompanionClaudeCode

/// The built-in review's answer as task log lines while the model writes it. The review's `claude -p` prints
/// stream-json (`--output-format stream-json --verbose --include-partial-messages`); this joins its text deltas
/// and hands over each line of the answer as soon as the line's end arrives, so a follower of the log reads the
/// review as it is written instead of all of it when `claude` exits. A text block that ends without a newline
/// (before a tool call, at the end) is a line of its own. Everything else of the stream (the session, tool calls
/// and their results, the complete messages repeating the deltas) stays out of the log. A failed run's
/// `result` says why, as a line; a `claude` that sent no deltas has its answer taken from the `result` line.
struct ReviewAnswerLines {
    private var decoder = ClaudeStreamDecoder()
    private var pending = ""
    private var sawText = false

    /// The log lines that these lines of standard output complete.
    mutating func lines(for output: [String]) -> [String] {
        output.flatMap { lines(for: $0) }
    }

    /// The log lines that one line of standard output completes.
    mutating func lines(for output: String) -> [String] {
        switch decoder.decode(output) {
        case .textDelta(let text, _):
            sawText = true
            pending += text
            var complete: [String] = []
            while let end = pending.firstIndex(of: "\n") {
                complete.append(String(pending[..<end]))
                pending = String(pending[pending.index(after: end)...])
            }
            return complete
        case .streamEvent(type: "content_block_stop"), .streamEvent(type: "message_stop"):
            return finish()
        case .result(let result):
            var complete = finish()
            if result.isError {
                complete.append("the review failed: \(result.result ?? result.subtype)")
            } else if !sawText, let answer = result.result {
                complete += answer.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            return complete
        default:
            return []
        }
    }

    /// The answer's unterminated last line, if any.
    mutating func finish() -> [String] {
        guard !pending.isEmpty else { return [] }
        defer { pending = "" }
        return [pending]
    }
}
