import Testing

@testable import CompanionQR

@Suite struct QRTerminalRendererTests {
    /// Paints a rendering back into pixels as a terminal would: foreground and background colours per half cell.
    static func screenshot(
        _ rendering: String, foreground: UInt8, background: UInt8, terminal: UInt8, scale: Int = 4
    ) -> GrayImage {
        let lines = rendering.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        let cells = lines.map { line in Array(stripEscapes(String(line))) }
        let columns = cells.map(\.count).max() ?? 0
        var image = GrayImage(width: (columns + 8) * scale, height: (cells.count * 2 + 8) * scale, filledWith: terminal)
        for (row, line) in cells.enumerated() {
            for (column, glyph) in line.enumerated() {
                let (upper, lower): (Bool, Bool) =
                    switch glyph {
                    case "\u{2588}": (true, true)
                    case "\u{2580}": (true, false)
                    case "\u{2584}": (false, true)
                    default: (false, false)
                    }
                for (half, painted) in [(0, upper), (1, lower)] {
                    for dy in 0..<scale {
                        for dx in 0..<scale {
                            image[(column + 4) * scale + dx, (row * 2 + half + 4) * scale + dy] =
                                painted ? foreground : background
                        }
                    }
                }
            }
        }
        return image
    }

    static func stripEscapes(_ line: String) -> String {
        var result = ""
        var inEscape = false
        for character in line {
            if character == "\u{1B}" {
                inEscape = true
            } else if inEscape {
                if character == "m" { inEscape = false }
            } else {
                result.append(character)
            }
        }
        return result
    }

    @Test func twoModuleRowsPerLineWithQuietZone() throws {
        let code = try QRCode.encode(text: "terminal")
        let lines = QRTerminalRenderer.render(code, style: .plainDarkOnLight).split(separator: "\n")
        #expect(lines.count == (code.size + 8 + 1) / 2)
        #expect(lines.allSatisfy { $0.count == code.size + 8 })
        #expect(lines.first?.allSatisfy { $0 == " " } == true)
    }

    @Test func coloredUsesExplicitBlackOnWhiteAndResets() throws {
        let rendering = QRTerminalRenderer.render(try QRCode.encode(text: "colour"), style: .colored)
        let lines = rendering.split(separator: "\n")
        #expect(lines.allSatisfy { $0.hasPrefix("\u{1B}[38;5;16;48;5;231m") && $0.hasSuffix("\u{1B}[0m") })
    }

    @Test func plainStylesHaveNoEscapes() throws {
        let code = try QRCode.encode(text: "no colour")
        #expect(!QRTerminalRenderer.render(code, style: .plainLightOnDark).contains("\u{1B}"))
        #expect(!QRTerminalRenderer.render(code, style: .plainDarkOnLight).contains("\u{1B}"))
    }

    /// Screenshots of each style decode: colours (foreground, cell background, terminal background around the
    /// drawing) as a dark or light terminal shows them.
    @Test(arguments: [
        (QRTerminalRenderer.Style.colored, UInt8(0), UInt8(255), UInt8(30)),  // explicit colours, dark terminal
        (.colored, 0, 255, 250),  // explicit colours, light terminal
        (.plainLightOnDark, 230, 20, 20),  // NO_COLOR on a light-on-dark terminal
        (.plainDarkOnLight, 20, 250, 250),  // NO_COLOR, --light-terminal, dark-on-light terminal
        (.plainLightOnDark, 20, 250, 250),  // wrong choice: shows inverted, still read by the inverted pass
    ])
    func screenshotScans(style: QRTerminalRenderer.Style, foreground: UInt8, background: UInt8, terminal: UInt8)
        throws
    {
        let text = "{\"code\":\"123456\",\"protocol\":\"companionkit-pairing\"}"
        let rendering = QRTerminalRenderer.render(try QRCode.encode(text: text), style: style)
        let image = Self.screenshot(rendering, foreground: foreground, background: background, terminal: terminal)
        #expect(try QRDecoder().decode(image: image).first?.text == text)
    }
}
