import CompanionQR
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The QR code of a pairing: drawn in the terminal and written as PNG (CompanionQR).
enum PairingQRImage {
    /// The payload as a QR code in terminal characters, or nil when it cannot be encoded.
    static func terminalText(_ payload: String) -> String? {
        guard let code = try? QRCode.encode(text: payload, correction: .medium) else { return nil }
        return QRTerminalRenderer.render(code, style: Terminal.colorEnabled ? .colored : .plainLightOnDark)
    }

    /// Writes the payload's QR code as a PNG file, readable by this user only: the picture holds the pairing code
    /// and token, and whoever reads it first can pair (an `admin` pairing included). The file is opened without
    /// following a symbolic link and set to 0600 before a byte is written, whatever it was before.
    static func writePNG(_ payload: String, to path: String) throws {
        let png: [UInt8]
        do {
            png = try QRPNGWriter.png(for: QRCode.encode(text: payload, correction: .medium))
        } catch {
            throw CLIFailure(.failure, "cannot draw the QR code: \(error)", hint: "pair with the 6-digit code instead")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0, fchmod(descriptor, 0o600) == 0 else {
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw CLIFailure(
                .failure, "cannot write the QR code to \(path): \(reason)",
                hint: "choose a path for -o in a directory of your own (not a link, not another user's file)")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < png.count {
            let written = png[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw CLIFailure(
                    .failure, "cannot write the QR code to \(path): \(String(cString: strerror(errno)))",
                    hint: "free some space or choose another path for -o")
            }
            offset += written
        }
    }
}
