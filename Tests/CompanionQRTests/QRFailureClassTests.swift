import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionQR

/// Recall per failure class on the labelled sets `Benchmarks/qr-classes.sh` generates (the `qrencode` CLI and
/// ImageMagick, fixed seeds, eleven images per class: mild to severe, then from a distance): each class keeps the
/// recall it reached, the images the decoder learnt to read stay read, and no image ever yields a wrong payload.
@Suite struct QRFailureClassTests {
    /// Images per class (out of 11) that must decode to exactly their text: what the decoder reaches today.
    static let floors: [String: Int] = [
        "rotation": 11, "perspective": 10, "lowcontrast": 11, "inverted": 8, "blur": 10, "noise": 11, "finder": 8,
        "small": 9, "shadow": 10, "jpeg": 9,
    ]

    /// Images, at least one per class, that no pass before "upscaled-sharpened" and "upscaled-adaptive" read.
    static let learnt = [
        "rotation/rotation-90.png", "rotation/rotation-100.png", "perspective/perspective-81.png",
        "perspective/perspective-91.png", "lowcontrast/lowcontrast-92.png", "lowcontrast/lowcontrast-102.png",
        "inverted/inverted-103.png", "blur/blur-39.png", "blur/blur-84.png", "blur/blur-94.png", "noise/noise-95.png",
        "noise/noise-105.png", "finder/finder-106.png", "small/small-56.png", "small/small-57.png",
        "small/small-58.png", "small/small-87.png", "shadow/shadow-98.png", "shadow/shadow-108.png",
        "jpeg/jpeg-89.jpg",
    ]

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
            #expect(images.count == 11, "\(name): \(images)")
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
        let lost = Self.learnt.filter { !read.contains($0) }
        #expect(lost.isEmpty, "no longer decoded: \(lost)")
    }
}
