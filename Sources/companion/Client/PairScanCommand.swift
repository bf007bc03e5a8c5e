import ArgumentParser
import CompanionAPI
import CompanionPairing
import CompanionQR

/// `companion pair scan IMAGE`: the QR pairing screen, from an image file.
struct PairScanCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Pair by the QR code in an image (PNG, JPEG, PGM/PPM): no typing needed.",
        discussion: """
            The QR code is the one `companion sidecar pair` shows. The sidecar URL comes from --url, else from the \
            QR payload, else from the stored one. The device name defaults to this machine's host name.
            """)

    @Argument(help: "Image file holding the pairing QR code (a screenshot or photo).")
    var image: String

    @OptionGroup var pairing: PairingOptions
    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let decoded: [DecodedQR]
            do { decoded = try QRDecoder().decode(file: image) } catch let error as QRDecodeError {
                throw error.cliFailure
            }
            let texts = decoded.compactMap(\.text)
            var machine = PairingMachine()
            // With several codes in one image, use the first that is a pairing payload.
            let text = texts.first { (try? QRPayload.parse($0)) != nil } ?? texts.first ?? ""
            try machine.loadPayload(text)
            try PairingFlow.check(machine.state)
            let context = ClientContext(vault: try vault.open(), timeout: sidecar.timeout)
            let url = try context.sidecarURL(override: sidecar.url ?? machine.state.ticket?.sidecarURL)
            let flow = PairingFlow(context: context, json: output.json, confirm: pairing.confirm)
            try await flow.complete(&machine, url: url, deviceName: pairing.name)
        }
    }
}
