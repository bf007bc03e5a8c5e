import ArgumentParser

/// `companion qr`: make and read QR codes (the pairing payload travels in one).
struct QRCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Encode text as a QR code (PNG or terminal) and decode QR codes from images.",
        subcommands: [QREncodeCommand.self, QRDecodeCommand.self]
    )
}
