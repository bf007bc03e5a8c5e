/// Log lines: a task's output may colour itself, and nothing else.
extension TerminalSafeText {
    /// How a log line reaches the output.
    public enum LogRendering: Sendable, Equatable {
        /// The text unchanged (`companion logs --raw`), for people who want the bytes as the task wrote them.
        case raw
        /// Every escape sequence shown escaped, colour included: output that is not a terminal, or `NO_COLOR`.
        case plain
        /// SGR colour sequences (`ESC [ params m`) kept, every other one escaped: a terminal that allows colour.
        case colored
    }

    /// Longest parameter list of an SGR sequence that is kept (`38;2;255;255;255` is 16); longer ones are escaped.
    static let maxSGRParameters = 32

    /// One log line as it may be printed: with ``LogRendering/colored``, the SGR colour sequences stay (and a
    /// reset is added at the end of a line that used one, so colour never leaks into the next line); every
    /// other control, OSC, CSI other than SGR, DCS, C1 controls, a bare CR, bidi and zero-width characters is
    /// shown escaped (as ``escaped(_:layout:)`` does for a ``Layout/line``).
    public static func logLine(_ text: String, rendering: LogRendering) -> String {
        switch rendering {
        case .raw: return text
        case .plain: return escaped(text, layout: .line)
        case .colored: break
        }
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var usedColor = false
        var index = 0
        while index < scalars.count {
            if let end = sgrEnd(in: scalars, at: index) {
                result.append(contentsOf: scalars[index...end])
                usedColor = true
                index = end + 1
                continue
            }
            let scalar = scalars[index]
            if needsEscape(scalar, layout: .line) {
                result.append(contentsOf: visible(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
            index += 1
        }
        if usedColor { result.append(contentsOf: "\u{1B}[0m".unicodeScalars) }
        return String(result)
    }

    /// The index of the final `m` when an SGR sequence (`ESC [`, digits, `;` or `:`, `m`) starts at `start`.
    static func sgrEnd(in scalars: [Unicode.Scalar], at start: Int) -> Int? {
        guard scalars[start] == "\u{1B}", start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, index - start - 2 <= maxSGRParameters {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard ("0"..."9").contains(scalar) || scalar == ";" || scalar == ":" else { return nil }
            index += 1
        }
        return nil
    }
}
