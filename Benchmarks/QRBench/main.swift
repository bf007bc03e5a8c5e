// qr-bench: the QR decoder benchmark driver used by Benchmarks/qr.sh.
//   qr-bench decode FILE            decode one file like `zbarimg --raw`: each code's bytes, exit 4 if none
//   qr-bench passes DIR...          in-process: which robustness pass decoded each image (for tuning)
//   qr-bench compare NAME=DIR...    ours vs zbarimg, one process per image for both, per set
import CompanionQR
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "decode" where arguments.count == 2:
    do {
        let codes = try QRDecoder().decode(file: arguments[1])
        for code in codes { FileHandle.standardOutput.write(Data(code.bytes)) }
    } catch {
        FileHandle.standardError.write(Data("qr-bench: \(error)\n".utf8))
        exit(4)
    }
case "passes" where arguments.count >= 2:
    PassReport.run(directories: Array(arguments.dropFirst()))
case "compare" where arguments.count >= 2:
    let sets = arguments.dropFirst().map { argument in
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        return (name: parts[0], directory: parts.count > 1 ? parts[1] : parts[0])
    }
    Comparison.run(sets: sets)
default:
    FileHandle.standardError.write(
        Data("usage: qr-bench decode FILE | passes DIR... | compare NAME=DIR...\n".utf8))
    exit(64)
}
