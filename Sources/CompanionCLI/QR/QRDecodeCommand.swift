import ArgumentParser
import CompanionQR
import Foundation

/// `companion qr decode`: the QR codes in image files.
struct QRDecodeCommand: BlockingCompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Print the QR codes found in image files (PNG, JPEG, PGM, PPM).",
        discussion: """
            Prints the text of every code found, one per line; with several files each line starts with the file \
            name. A file that fails gets its own error line on standard error and the others are still decoded. \
            The exit status is 0 when every file yielded a code, otherwise that of the first file that failed: \
            8 no QR code found, 9 not a readable image, 10 image too large.

            Examples:
              companion qr decode qr.png
              companion qr decode *.png --json
            """
    )

    @Argument(
        help: "Image files to decode.", completion: .file(extensions: ["png", "jpg", "jpeg", "pgm", "ppm", "pnm"]))
    var files: [String]

    @Flag(help: "Print a JSON array with one entry per file (codes or error).")
    var json = false

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give at least one image file") }
    }

    func execute() throws {
        try QRDecoding(files: files, json: json).execute()
    }
}

/// One file's entry in `companion qr decode --json`.
struct QRDecodeFileResult: Encodable {
    var file: String
    var codes: [QRDecodedCodeOutput]?
    var error: QRDecodeErrorOutput?
}

/// A decoded code in JSON: the text when it is UTF-8, and always the exact bytes in base64.
struct QRDecodedCodeOutput: Encodable {
    var text: String?
    var base64: String

    init(_ code: DecodedQR) {
        text = code.text
        base64 = Data(code.bytes).base64EncodedString()
    }
}

/// A per-file failure in JSON.
struct QRDecodeErrorOutput: Encodable {
    var message: String
    var hint: String?
    var exitCode: Int32
}
