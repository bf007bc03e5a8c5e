import Foundation

/// Where a command's standard output and standard error go: the process's descriptors (``standard``), or a
/// caller's writers (an in-process run captures both).
///
/// Every byte the CLI prints goes through the current context's sink: ``Terminal``, ``OutputFormatter`` and the
/// module's own `print` (``print(_:separator:terminator:)``, which shadows the standard library's in this module).
package struct OutputSink: Sendable {
    /// Writes text to standard output.
    package var standardOutput: @Sendable (String) -> Void
    /// Writes text to standard error.
    package var standardError: @Sendable (String) -> Void
    /// Whether standard output is a terminal (colour, table width, countdowns redrawn in place).
    package var standardOutputIsTerminal: Bool
    /// Whether standard error is a terminal (questions asked there).
    package var standardErrorIsTerminal: Bool

    /// A sink of the caller's: output to `standardOutput` and `standardError`, neither a terminal.
    package init(
        standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
    ) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardOutputIsTerminal = false
        self.standardErrorIsTerminal = false
    }

    /// The process's standard output and error, each written with one `write(2)` per call, so lines from
    /// different writers never interleave inside a line and each reaches a pipe as it is printed.
    package static let standard: OutputSink = {
        var sink = OutputSink(
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) })
        sink.standardOutputIsTerminal = isatty(STDOUT_FILENO) == 1
        sink.standardErrorIsTerminal = isatty(STDERR_FILENO) == 1
        return sink
    }()
}

/// The standard library's `print`, to the current command's standard output (``CommandContext/output``): this
/// module's commands and presenters print with it unchanged.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    CommandContext.current.output.standardOutput(
        items.map { String(describing: $0) }.joined(separator: separator) + terminator)
}

/// Writes `text` to the current command's standard output.
func writeStandardOutput(_ text: String) {
    CommandContext.current.output.standardOutput(text)
}

/// Writes `text` to the current command's standard error.
func writeStandardError(_ text: String) {
    CommandContext.current.output.standardError(text)
}
