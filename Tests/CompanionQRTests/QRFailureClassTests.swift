import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionQR

/// Recall per failure class on the labelled sets `Benchmarks/qr-classes.sh` generates (the `qrencode` CLI and
/// ImageMagick, fixed seeds, eight images per class from mild to severe): each class keeps the recall it reached,
/// the images the decoder learnt to read stay read, and no image ever yields a wrong payload.
@Suite struct QRFailureClassTests {
    /// Images per class (out of 8) that must decode to exactly their text: what the decoder reaches today.
    static let floors: [String: Int] = [
        "rotation": 8, "perspective": 8, "lowcontrast": 8, "inverted": 5, "blur": 8, "noise": 8, "finder": 5,
        "small": 8, "shadow": 7, "jpeg": 8,
    ]

    /// Images the decoder before the "upscaled-sharpened" and "upscaled-adaptive" passes did not read.
    static let learnt = ["blur/blur-39.png", "small/small-56.png", "small/small-57.png", "small/small-58.png"]

    @Test func everyClassKeepsItsRecallAndNothingDecodesWrong() async throws {
        let directory = try TestPaths.temporaryDirectory("qr-classes")
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = TestPaths.packageRoot.appendingPathComponent("Benchmarks/qr-classes.sh").path
        let generated = try await ProcessRunner.run(script, [directory.path], timeout: 600)
        try #require(generated.status == 0, "Benchmarks/qr-classes.sh failed: \(generated)")
        var read: Set<String> = []
        for (name, floor) in Self.floors.sorted(by: { $0.key < $1.key }) {
            let classDirectory = directory.appendingPathComponent(name)
            let images = try FileManager.default.contentsOfDirectory(atPath: classDirectory.path)
                .filter { !$0.hasSuffix(".txt") }.sorted()
            #expect(images.count == 8, "\(name): \(images)")
            for image in images {
                let url = classDirectory.appendingPathComponent(image)
                let expected = [UInt8](
                    try Data(contentsOf: url.deletingPathExtension().appendingPathExtension("txt")))
                let codes = (try? QRDecoder().decode(file: url.path)) ?? []
                for code in codes {
                    #expect(code.bytes == expected, "\(name)/\(image): wrong payload \(code.text ?? "(binary)")")
                }
                if codes.map(\.bytes) == [expected] { read.insert("\(name)/\(image)") }
            }
            let count = read.filter { $0.hasPrefix(name + "/") }.count
            #expect(count >= floor, "\(name): \(count) of \(images.count) read, floor \(floor)")
        }
        for image in Self.learnt { #expect(read.contains(image), "\(image) no longer decodes") }
    }
}
