import Foundation

/// Output helpers: errors to stderr, colour only on a terminal and never with `NO_COLOR`.
enum Terminal {
    /// True when standard output is a terminal.
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }
    /// True when standard error is a terminal.
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }
    /// Colour is used on a terminal unless `NO_COLOR` is set (https://no-color.org).
    static var colorEnabled: Bool {
        stdoutIsTTY && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }

    /// Prints `companion: error: …` and an optional hint line to standard error.
    static func printError(_ message: String, hint: String? = nil) {
        var text = "companion: error: \(message)\n"
        if let hint { text += "  hint: \(hint)\n" }
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints a warning line to standard error.
    static func printWarning(_ message: String) {
        FileHandle.standardError.write(Data("companion: warning: \(message)\n".utf8))
    }

    /// Wraps `text` in an ANSI style when colour is enabled.
    static func styled(_ text: String, _ code: String) -> String {
        colorEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Writes a value as JSON (sorted keys, pretty) to standard output.
    static func printJSON<T: Encodable>(_ value: T) throws {
        let data = try CompanionJSONOutput.encode(value)
        FileHandle.standardOutput.write(data)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
