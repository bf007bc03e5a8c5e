import CompanionTestSupport
import Foundation
import Testing

@testable import CompanionQR

/// The `companion qr` commands, run in process (their image work on a thread of the test's, off Swift's pool).
@Suite struct QRCommandTests {
    static func temporaryFile(_ name: String, _ bytes: [UInt8]? = nil) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qr-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        if let bytes { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
        return path
    }

    @Test func encodeToPNGThenDecode() async throws {
        let cli = try InProcessCLI()
        let png = try Self.temporaryFile("code.png")
        let text = "{\"code\":\"123456\",\"name\":\"Köln 東京\"}"
        let encoded = await cli.run(["qr", "encode", text, "-o", png, "--level", "Q"])
        #expect(encoded.status == 0, "\(encoded.stderr)")
        #expect(encoded.stdout.isEmpty)
        let decoded = await cli.run(["qr", "decode", png])
        #expect(decoded.status == 0)
        #expect(decoded.stdout == text + "\n")
    }

    @Test func encodeFromStdinToTerminalWithoutColour() async throws {
        let result = try await InProcessCLI(["NO_COLOR": "1"]).run(
            ["qr", "encode", "--stdin", "--terminal"], stdin: "from stdin\n")
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}"))
        #expect(result.stdout.contains("\u{2580}") || result.stdout.contains("\u{2584}"))
        let expected = QRTerminalRenderer.render(try QRCode.encode(text: "from stdin"), style: .plainLightOnDark)
        #expect(result.stdout == expected)
    }

    @Test func encodeUsageErrors() async throws {
        let cli = try InProcessCLI()
        #expect(await cli.run(["qr", "encode"]).status == 64)
        #expect(await cli.run(["qr", "encode", "x", "--level", "Z"]).status == 64)
        let tooLong = String(repeating: "y", count: 3000)
        let result = await cli.run(["qr", "encode", tooLong])
        #expect(result.status == 64)
        #expect(result.stderr.contains("do not fit"))
    }

    @Test func decodeReportsEachFileAndTheFirstFailureStatus() async throws {
        let cli = try InProcessCLI()
        let blank = try Self.temporaryFile(
            "blank.png", try QRPNGWriter.encodePNG(GrayImage(width: 40, height: 40, filledWith: 255)))
        let huge = try Self.temporaryFile("huge.png", PNGBuilder.header(width: 50_000, height: 50_000))
        let text = try Self.temporaryFile("notes.txt", Array("not an image".utf8))
        let good = TestPaths.testVectors.appendingPathComponent("qr/utf8.png").path

        #expect(await cli.run(["qr", "decode", good, blank]).status == 8)
        #expect(await cli.run(["qr", "decode", text, good]).status == 9)
        let tooLarge = await cli.run(["qr", "decode", huge])
        #expect(tooLarge.status == 10)
        #expect(tooLarge.stderr.contains("megapixels") && tooLarge.stderr.contains("hint:"))

        let json = await cli.run(["qr", "decode", "--json", good, blank, "/nonexistent.png"])
        #expect(json.status == 8)
        let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(entries?.count == 3)
        let codes = entries?[0]["codes"] as? [[String: Any]]
        #expect((codes?.first?["text"] as? String)?.contains("東京タワー") == true)
        #expect((entries?[1]["error"] as? [String: Any])?["exitCode"] as? Int == 8)
        #expect((entries?[2]["error"] as? [String: Any])?["exitCode"] as? Int == 9)
    }
}
