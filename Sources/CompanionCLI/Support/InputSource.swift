import Foundation
import Synchronization

/// Where a command's standard input comes from: the process's (``standard``), or text given by an in-process
/// caller (``text(_:)``), read line by line or whole.
package struct InputSource: Sendable {
    /// The next line, without its newline when `strippingNewline`; nil at the end.
    package var readLine: @Sendable (_ strippingNewline: Bool) -> String?
    /// Everything left.
    package var readAll: @Sendable () -> Data
    /// Whether standard input is a terminal (a question can be asked).
    package var isTerminal: Bool

    /// The process's standard input.
    package static let standard = InputSource(
        readLine: { Swift.readLine(strippingNewline: $0) },
        readAll: { FileHandle.standardInput.readDataToEndOfFile() },
        isTerminal: isatty(STDIN_FILENO) == 1)

    /// `text` as standard input (not a terminal).
    package static func text(_ text: String) -> InputSource {
        let remaining = TextInput(text)
        return InputSource(
            readLine: { strip in
                remaining.rest.withLock { rest -> String? in
                    guard !rest.isEmpty else { return nil }
                    let end = rest.firstIndex(of: "\n").map { rest.index(after: $0) } ?? rest.endIndex
                    let line = rest[..<end]
                    rest = rest[end...]
                    return String(strip && line.hasSuffix("\n") ? line.dropLast() : line)
                }
            },
            readAll: {
                remaining.rest.withLock { rest in
                    defer { rest = "" }
                    return Data(rest.utf8)
                }
            },
            isTerminal: false)
    }
}

/// The text not yet read of an ``InputSource/text(_:)``.
private final class TextInput: Sendable {
    let rest: Mutex<Substring>

    init(_ text: String) { rest = Mutex(Substring(text)) }
}
