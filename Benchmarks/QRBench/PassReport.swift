import CompanionQR
import Foundation

/// In-process run for tuning the robustness passes: which pass decoded each image, and how long it took.
enum PassReport {
    /// With QR_EVERY_PASS=1, also lists every pass that decodes each image on its own.
    static let everyPass = ProcessInfo.processInfo.environment["QR_EVERY_PASS"] == "1"

    static func winners(_ decoder: QRDecoder, _ image: GrayImage, _ corpus: CorpusImage) -> [String] {
        QRDecoder.passNames.filter { name in
            guard let codes = decoder.scan(image, pass: name) else { return false }
            return codes.count == 1 && corpus.matches(codes[0].bytes)
        }
    }

    static func run(directories: [String]) {
        let decoder = QRDecoder()
        var wins: [String: Int] = [:]
        var total = 0
        var correct = 0
        for directory in directories {
            for image in CorpusImage.load(directory) {
                total += 1
                let start = now()
                let outcome: String
                do {
                    let gray = try decoder.readImage(try decoder.readFile(image.path))
                    let (codes, pass) = decoder.scan(gray)
                    let right = codes.count == 1 && image.matches(codes[0].bytes)
                    if right { correct += 1 }
                    wins[pass ?? "none", default: 0] += 1
                    outcome =
                        (right ? "ok    \(pass ?? "-")" : (codes.isEmpty ? "none" : "WRONG \(pass ?? "-")"))
                        + (everyPass ? "   [" + winners(decoder, gray, image).joined(separator: " ") + "]" : "")
                } catch {
                    outcome = "error \(error)"
                }
                let millis = (now() - start) * 1000
                let name = URL(fileURLWithPath: image.path).lastPathComponent
                print(pad(name, 44) + pad(String(Int(millis.rounded())) + " ms", 10) + outcome)
            }
        }
        print("correct \(correct)/\(total)")
        for (pass, count) in wins.sorted(by: { $0.value > $1.value }) { print("  \(pass): \(count)") }
    }
}
