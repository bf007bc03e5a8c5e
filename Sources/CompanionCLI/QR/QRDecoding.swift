import ArgumentParser
import CompanionQR
import Foundation

/// The work of `companion qr decode`, given its parsed words: every file decoded, its codes or its failure
/// printed, the exit status that of the first file that failed.
struct QRDecoding {
    var files: [String]
    var json: Bool

    func execute() throws {
        let decoder = QRDecoder()
        var results: [QRDecodeFileResult] = []
        var firstFailure: ExitStatus?
        for file in files {
            do {
                let codes = try decoder.decode(file: file)
                results.append(QRDecodeFileResult(file: file, codes: codes.map(QRDecodedCodeOutput.init)))
                if !json { printCodes(codes, file: file) }
            } catch {
                let failure = error.cliFailure
                firstFailure = firstFailure ?? failure.status
                results.append(
                    QRDecodeFileResult(
                        file: file,
                        error: QRDecodeErrorOutput(
                            message: failure.message, hint: failure.hint, exitCode: failure.status.rawValue)))
                if !json {
                    // An unreadable file's message already names it.
                    let message = error.mentionsPath ? failure.message : "\(file): \(failure.message)"
                    Terminal.printError(message, hint: failure.hint)
                }
            }
        }
        if json { try OutputFormatter.printJSON(results) }
        if let firstFailure { throw ExitCode(firstFailure.rawValue) }
    }

    private func printCodes(_ codes: [DecodedQR], file: String) {
        let prefix = files.count > 1 ? "\(file): " : ""
        for code in codes {
            let shown: String
            if let text = code.text {
                shown = Terminal.stdoutIsTTY ? Terminal.safe(text, layout: .line) : text
            } else {
                shown = "(binary, \(code.bytes.count) bytes, base64) " + Data(code.bytes).base64EncodedString()
            }
            writeStandardOutput(prefix + shown + "\n")
        }
    }
}
