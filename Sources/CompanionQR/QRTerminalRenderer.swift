/// Draws a QR code with Unicode half blocks (two module rows per text line, as `qrencode -t UTF8` does),
/// so modules come out roughly square in a terminal.
public enum QRTerminalRenderer {
    /// How dark and light modules map onto the terminal.
    public enum Style: Sendable, Equatable {
        /// Explicit colours: black modules on a white background (256-colour palette entries 16 and 231, which
        /// terminal themes do not remap), so the code scans the same on dark and light terminals.
        case colored
        /// No escape codes (for `NO_COLOR`): light modules and the quiet zone are drawn with block characters in
        /// the text colour, dark modules are left as background. Scans on a light-on-dark terminal (the usual
        /// default, and what `qrencode -t UTF8` assumes).
        case plainLightOnDark
        /// No escape codes: dark modules are drawn with block characters in the text colour. For dark-on-light
        /// terminals.
        case plainDarkOnLight
    }

    /// The rendering of `code` with a quiet zone of `quietZone` modules (at least 4 is recommended), one string with
    /// a trailing newline on every line.
    public static func render(_ code: QRCode, style: Style = .colored, quietZone: Int = 4) -> String {
        let margin = max(0, quietZone)
        let side = code.size + 2 * margin
        // True when the module at (x, y) of the bordered grid is dark.
        func dark(_ x: Int, _ y: Int) -> Bool { code[x - margin, y - margin] }
        var output = ""
        output.reserveCapacity((side + 16) * (side / 2 + 1) * 3)
        for y in stride(from: 0, to: side, by: 2) {
            if style == .colored { output += "\u{1B}[38;5;16;48;5;231m" }
            for x in 0..<side {
                let top = dark(x, y)
                let bottom = y + 1 < side ? dark(x, y + 1) : false
                output.append(glyph(top: top, bottom: bottom, style: style))
            }
            if style == .colored { output += "\u{1B}[0m" }
            output += "\n"
        }
        return output
    }

    /// The character for one cell: the upper half shows the `top` module, the lower half the `bottom` one.
    private static func glyph(top: Bool, bottom: Bool, style: Style) -> Character {
        // Which halves are painted in the foreground colour.
        let (upper, lower) =
            switch style {
            case .colored, .plainDarkOnLight: (top, bottom)
            case .plainLightOnDark: (!top, !bottom)
            }
        switch (upper, lower) {
        case (true, true): return "\u{2588}"  // full block
        case (true, false): return "\u{2580}"  // upper half block
        case (false, true): return "\u{2584}"  // lower half block
        case (false, false): return " "
        }
    }
}
