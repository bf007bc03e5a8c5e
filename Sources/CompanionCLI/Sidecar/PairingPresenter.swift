import CompanionAPI
import Foundation

/// What `companion sidecar pair` shows: code, QR, outcome; or JSON lines with `--json`. Everything the sidecar
/// sent (names, codes) is printed through ``Terminal/safe(_:layout:)``.
struct PairingPresenter {
    let started: PairingStartResponse
    let payload: QRPayload?
    let pngPath: String?
    let json: Bool

    /// What the QR holds: the phone link when the sidecar sent one (a camera opens it), else the JSON payload.
    var qrText: String { payload?.appURL ?? started.qrPayload }

    func presentStart() throws {
        if let pngPath { try PairingQRImage.writePNG(qrText, to: pngPath) }
        if json {
            var line = [
                "event": "started", "code": started.code, "expiresAt": Timestamp.string(from: started.expiresAt),
                "qrPayload": started.qrPayload,
            ]
            if let pngPath { line["png"] = pngPath }
            if let link = payload?.appURL { line["link"] = link }
            try Self.printLine(line)
            return
        }
        var text = ""
        if let qr = PairingQRImage.terminalText(qrText) { text += qr + "\n" }
        let target = payload.map { "\(Terminal.safe($0.name)) (\(Terminal.safe($0.url)))" } ?? "this workstation"
        text += "Scan the QR code with the companion or a phone's camera, "
        text += "or enter this code to pair with \(target):\n\n"
        text += "    " + Terminal.styled(Self.grouped(Terminal.safe(started.code)), "1") + "\n\n"
        if let pngPath { text += "QR code written to \(pngPath)\n" }
        writeStandardOutput(text)
    }

    static func presentPaired(_ device: CompanionDevice, verificationCode: String?, json: Bool) throws {
        if json {
            var line = ["event": "paired", "deviceId": device.id, "deviceName": device.name]
            line["verificationCode"] = verificationCode
            try printLine(line)
        } else {
            var text = "paired with \(Terminal.safe(device.name)) (id \(Terminal.safe(device.id)))\n"
            if let verificationCode {
                text += "verification code: \(Terminal.safe(verificationCode))\n"
                text += "  (the device that typed the code shows the same; if it does not, revoke it: "
                text += "companion sidecar devices revoke \(Terminal.safe(device.id)))\n"
            }
            writeStandardOutput(text)
        }
    }

    /// `123 456`: easier to read aloud.
    static func grouped(_ code: String) -> String {
        guard code.count == 6 else { return code }
        return "\(code.prefix(3)) \(code.suffix(3))"
    }

    static func printLine(_ object: [String: String]) throws {
        try OutputFormatter.printJSONLine(object)
    }
}
