import CompanionAPI
import Foundation

/// Output helpers: errors to stderr, colour only on a terminal and never with `NO_COLOR`.
///
/// Text that came from elsewhere (the sidecar, a QR code) goes through ``safe(_:)`` (or
/// `TerminalSafeText` directly) before it is printed; errors and warnings are made safe here, since their
/// messages often quote the sidecar.
enum Terminal {
    /// True when standard output is a terminal.
    static var stdoutIsTTY: Bool { CommandContext.current.output.standardOutputIsTerminal }
    /// True when standard error is a terminal.
    static var stderrIsTTY: Bool { CommandContext.current.output.standardErrorIsTerminal }
    /// True unless `NO_COLOR` is set (https://no-color.org).
    static var colorAllowed: Bool { CommandContext.current.variable("NO_COLOR") == nil }
    /// Colour is used on a terminal unless `NO_COLOR` is set.
    static var colorEnabled: Bool { stdoutIsTTY && colorAllowed }

    /// How log lines are printed on standard output or error: as they are with `--raw`; with their colour
    /// sequences on a terminal that allows colour; everything escaped otherwise.
    static func logRendering(raw: Bool, standardError: Bool) -> TerminalSafeText.LogRendering {
        if raw { return .raw }
        return (standardError ? stderrIsTTY : stdoutIsTTY) && colorAllowed ? .colored : .plain
    }

    /// Text from elsewhere, with every control, bidi and invisible character shown as a visible escape.
    static func safe(_ text: String, layout: TerminalSafeText.Layout = .field) -> String {
        TerminalSafeText.escaped(text, layout: layout)
    }

    /// Prints `companion: error: …` and an optional hint line to standard error.
    static func printError(_ message: String, hint: String? = nil) {
        var text = "companion: error: \(safe(message, layout: .line))\n"
        if let hint { text += "  hint: \(safe(hint, layout: .line))\n" }
        writeStandardError(text)
    }

    /// Prints a warning line to standard error.
    static func printWarning(_ message: String) {
        writeStandardError("companion: warning: \(safe(message, layout: .line))\n")
    }

    /// Wraps `text` in an ANSI style when colour is enabled.
    static func styled(_ text: String, _ code: String) -> String {
        colorEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension Terminal {
    /// Prints a short note for the person (not part of the command's output) to standard error.
    static func printNote(_ message: String) {
        writeStandardError("companion: \(safe(message, layout: .line))\n")
    }
}
