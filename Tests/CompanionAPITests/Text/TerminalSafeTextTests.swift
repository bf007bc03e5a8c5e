import CompanionAPI
import Testing

@Suite("Terminal-safe text: every dangerous character is shown, never obeyed")
struct TerminalSafeTextTests {
    /// Each dangerous sequence of the audit, and how it must look.
    static let sequences: [(raw: String, shown: String)] = [
        ("\u{1B}]52;c;aGFja2Vk\u{07}", #"\x1b]52;c;aGFja2Vk\x07"#),  // OSC 52: writes the clipboard
        ("\u{1B}]0;pwned\u{1B}\\", #"\x1b]0;pwned\x1b\"#),  // OSC 0 with ST: window title
        ("\u{1B}[2J", #"\x1b[2J"#),  // clears the screen
        ("\u{1B}P1$r\u{1B}\\", #"\x1bP1$r\x1b\"#),  // DCS
        ("\u{9B}31m", #"\x9b31m"#),  // C1 CSI
        ("\u{9D}52;c;x\u{9C}", #"\x9d52;c;x\x9c"#),  // C1 OSC and ST
        ("a\rb", #"a\rb"#),  // bare CR: overwrites the line
        ("\u{7F}\u{00}\u{08}", #"\x7f\x00\x08"#),
        ("\u{202E}gpj.exe", #"\u{202E}gpj.exe"#),
        ("\u{202A}\u{202B}\u{202C}\u{202D}", #"\u{202A}\u{202B}\u{202C}\u{202D}"#),
        ("\u{2066}\u{2067}\u{2068}\u{2069}", #"\u{2066}\u{2067}\u{2068}\u{2069}"#),
        ("\u{200E}\u{200F}\u{061C}", #"\u{200E}\u{200F}\u{061C}"#),
        ("\u{2028}\u{2029}", #"\u{2028}\u{2029}"#),
        ("\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}", #"\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}"#),
    ]

    @Test func everyDangerousSequenceIsEscapedInEveryLayout() {
        for (raw, shown) in Self.sequences {
            for layout in [TerminalSafeText.Layout.field, .line, .block] {
                #expect(TerminalSafeText.escaped("<" + raw + ">", layout: layout) == "<" + shown + ">", "\(shown)")
            }
            for rendering in [TerminalSafeText.LogRendering.plain, .colored] {
                #expect(TerminalSafeText.logLine(raw, rendering: rendering) == shown, "\(shown) \(rendering)")
            }
        }
    }

    @Test func tabAndNewlineDependOnTheLayout() {
        #expect(TerminalSafeText.escaped("a\tb\nc", layout: .field) == #"a\tb\nc"#)
        #expect(TerminalSafeText.escaped("a\tb\nc", layout: .line) == "a\tb" + #"\n"# + "c")
        #expect(TerminalSafeText.escaped("a\tb\nc\r\n", layout: .block) == "a\tb\nc" + #"\r"# + "\n")
        #expect(TerminalSafeText.logLine("a\tb", rendering: .plain) == "a\tb")
    }

    @Test func printableTextIsKept() {
        for text in ["Grüße 東京 🚀", "مرحبا", "a\\x1b literal backslash", "👍🏽 é (e + U+0301: e\u{301})", ""] {
            #expect(TerminalSafeText.escaped(text) == text)
            #expect(TerminalSafeText.logLine(text, rendering: .colored) == text)
        }
    }

    @Test func colourSequencesAreKeptOnlyWhenColourIsAllowed() {
        let line = "\u{1B}[31mred\u{1B}[0m \u{1B}[1;38;5;208mbold orange\u{1B}[m \u{1B}[38:2::255:0:0mtrue\u{1B}[0m"
        #expect(TerminalSafeText.logLine(line, rendering: .colored) == line + "\u{1B}[0m", "kept, then reset")
        let plain = TerminalSafeText.logLine(line, rendering: .plain)
        #expect(!plain.unicodeScalars.contains("\u{1B}"))
        #expect(plain.hasPrefix(#"\x1b[31mred\x1b[0m"#))
    }

    @Test func onlySGRSurvivesAmongEscapeSequences() {
        let mixed = "\u{1B}[32mok\u{1B}[0m\u{1B}[2J\u{1B}]52;c;eA==\u{07}\u{1B}[1A\u{1B}[?1049h\u{1B}[31"
        let shown = TerminalSafeText.logLine(mixed, rendering: .colored)
        #expect(
            shown == "\u{1B}[32mok\u{1B}[0m" + #"\x1b[2J\x1b]52;c;eA==\x07\x1b[1A\x1b[?1049h\x1b[31"# + "\u{1B}[0m")
        let long = "\u{1B}[" + String(repeating: "1;", count: 40) + "m"
        #expect(!TerminalSafeText.logLine(long, rendering: .colored).unicodeScalars.contains("\u{1B}"))
    }

    @Test func rawLeavesTheLineAlone() {
        let line = "\u{1B}]52;c;aGFja2Vk\u{07}\r\u{202E}\u{1B}[2J"
        #expect(TerminalSafeText.logLine(line, rendering: .raw) == line)
    }

    @Test func noLineWithoutColourEverHoldsAnEscapeCharacter() {
        // Every scalar up to U+00FF, plus the listed ones: the output must only hold printable characters.
        let risky =
            (0...0xFF).compactMap(Unicode.Scalar.init) + TerminalSafeText.bidiControls.compactMap(Unicode.Scalar.init)
            + TerminalSafeText.zeroWidth.compactMap(Unicode.Scalar.init)
        let text = String(String.UnicodeScalarView(risky))
        for output in [TerminalSafeText.escaped(text), TerminalSafeText.logLine(text, rendering: .plain)] {
            #expect(!output.unicodeScalars.contains { TerminalSafeText.needsEscape($0, layout: .line) && $0 != "\t" })
        }
    }
}
