import ArgumentParser
import CompanionFiles
import CompanionQR
import Foundation

/// `companion qr encode`: text to a PNG file and/or the terminal.
struct QREncodeCommand: BlockingCompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "encode",
        abstract: "Encode text as a QR code: PNG file (-o) and/or terminal rendering.",
        discussion: """
            Without -o the code is drawn in the terminal. On a terminal, unless NO_COLOR is set, it is drawn black \
            on white with explicit colours, so it scans on dark and light themes alike. With NO_COLOR (or when \
            output is not a terminal) it is drawn without escape codes for a light-on-dark terminal; pass \
            --light-terminal for a dark-on-light one.

            Examples:
              companion qr encode "hello"
              companion qr encode --stdin -o qr.png < payload.json
              companion qr encode "hello" --level H --terminal
            """
    )

    @Argument(help: "The text to encode (UTF-8).")
    var text: String?

    @Flag(help: "Read the data from standard input instead (one trailing newline is removed).")
    var stdin = false

    @Option(name: .shortAndLong, help: "Write a PNG to this file.", completion: .file(extensions: ["png"]))
    var output: String?

    @Flag(help: "Draw the code in the terminal (the default when -o is not given).")
    var terminal = false

    @Flag(help: "Without colour, draw dark modules in the text colour (for dark-on-light terminals).")
    var lightTerminal = false

    @Option(help: "Error correction: L, M, Q or H.", completion: .list(["L", "M", "Q", "H"]))
    var level: String = "M"

    @Option(help: "PNG pixels per module (1...64).")
    var moduleSize = 8

    @Flag(help: "Print a JSON summary (version, size, level, file) instead of the drawing.")
    var json = false

    func execute() throws {
        guard let correction = QRErrorCorrection(rawValue: level.uppercased()) else {
            throw CLIFailure(.usage, "unknown error-correction level '\(level)'", hint: "use L, M, Q or H")
        }
        let code = try QRCode.encode(try payload(), correction: correction)
        if let output {
            let png = try QRPNGWriter.png(for: code, moduleSize: moduleSize)
            do throws(FileWriteError) { try AtomicFile.replace(output, with: png, mode: .keeping(orNew: 0o644)) } catch
            {
                throw CLIFailure(
                    .failure, "cannot write \(output): \(String(cString: strerror(error.errno)))",
                    hint: "check the directory exists and is writable")
            }
        }
        let drawing = (terminal || output == nil) ? QRTerminalRenderer.render(code, style: style) : nil
        if json {
            try OutputFormatter.printJSON(
                QREncodeSummary(
                    version: code.version, modules: code.size, level: correction.rawValue, file: output,
                    terminal: drawing))
        } else if let drawing {
            writeStandardOutput(drawing)
        }
    }

    private var style: QRTerminalRenderer.Style {
        if Terminal.colorEnabled { return .colored }
        return lightTerminal ? .plainDarkOnLight : .plainLightOnDark
    }

    private func payload() throws -> [UInt8] {
        switch (text, stdin) {
        case (.some, true):
            throw CLIFailure(.usage, "give either TEXT or --stdin, not both", hint: "see `companion qr encode --help`")
        case (.some(let text), false):
            return Array(text.utf8)
        case (.none, true):
            var bytes = [UInt8](CommandContext.current.input.readAll())
            if bytes.last == 0x0A {
                bytes.removeLast()
                if bytes.last == 0x0D { bytes.removeLast() }
            }
            return bytes
        case (.none, false):
            throw CLIFailure(.usage, "nothing to encode", hint: "give the text as an argument or use --stdin")
        }
    }
}

/// `companion qr encode --json` output.
struct QREncodeSummary: Encodable {
    var version: Int
    var modules: Int
    var level: String
    var file: String?
    var terminal: String?
}
