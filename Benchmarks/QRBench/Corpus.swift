import Foundation

/// An image and the exact text it must decode to (`NAME.txt` beside `NAME.png|jpg|pgm|ppm`).
struct CorpusImage {
    var path: String
    var expected: [UInt8]

    static func load(_ directory: String) -> [CorpusImage] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().compactMap { name in
            let url = URL(fileURLWithPath: directory).appendingPathComponent(name)
            guard ["png", "jpg", "pgm", "ppm"].contains(url.pathExtension),
                let text = FileManager.default.contents(
                    atPath: url.deletingPathExtension().appendingPathExtension("txt").path)
            else { return nil }
            return CorpusImage(path: url.path, expected: [UInt8](text))
        }
    }

    /// True when a decoder's output is exactly the expected text (one trailing newline allowed, as zbarimg adds).
    func matches(_ output: [UInt8]) -> Bool {
        output == expected || output == expected + [0x0A]
    }
}

/// Monotonic clock in seconds.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// `text` padded with spaces to `width` characters.
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

/// `value` with one decimal.
func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
}
