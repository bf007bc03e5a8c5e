import CompanionQR
import Foundation

/// The QR code of a pairing: drawn in the terminal and written as PNG (CompanionQR).
enum PairingQRImage {
    /// The payload as a QR code in terminal characters, or nil when it cannot be encoded.
    static func terminalText(_ payload: String) -> String? {
        guard let code = try? QRCode.encode(text: payload, correction: .medium) else { return nil }
        return QRTerminalRenderer.render(code, style: Terminal.colorEnabled ? .colored : .plainLightOnDark)
    }

    /// Writes the payload's QR code as a PNG file.
    static func writePNG(_ payload: String, to path: String) throws {
        let png: [UInt8]
        do {
            png = try QRPNGWriter.png(for: QRCode.encode(text: payload, correction: .medium))
        } catch {
            throw CLIFailure(.failure, "cannot draw the QR code: \(error)", hint: "pair with the 6-digit code instead")
        }
        do {
            try Data(png).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIFailure(
                .failure, "cannot write the QR code to \(path): \(error.localizedDescription)",
                hint: "choose a writable path for -o")
        }
    }
}
