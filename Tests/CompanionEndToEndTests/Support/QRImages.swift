import CompanionQR
import CompanionTestSupport
import Foundation

/// Pairing QR images for the tests: from the independent `qrencode` CLI, and from our own encoder.
enum QRImages {
    enum Encoder: String, CaseIterable, Sendable {
        case qrencodeCLI = "qrencode"
        case companionQR = "CompanionQR"
    }

    /// Writes `text` as a QR PNG with `encoder` into a new temporary file and returns its path.
    static func write(_ text: String, with encoder: Encoder) async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pair-\(UUID().uuidString).png").path
        switch encoder {
        case .qrencodeCLI:
            let result = try await ProcessRunner.run(
                "/usr/bin/qrencode", ["-o", path, "-t", "PNG", "-s", "6", "-m", "4", text])
            guard result.status == 0 else { throw QRWriteError(detail: result.description) }
        case .companionQR:
            let png = try QRPNGWriter.png(for: try QRCode.encode(text: text))
            try Data(png).write(to: URL(fileURLWithPath: path))
        }
        return path
    }

    struct QRWriteError: Error {
        let detail: String
    }
}
