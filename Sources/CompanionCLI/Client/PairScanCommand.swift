import ArgumentParser
import CompanionKit

/// `companion pair scan IMAGE`: the QR pairing screen, from an image file.
struct PairScanCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Pair by the QR code in an image (PNG, JPEG, PGM/PPM): no typing needed.",
        discussion: """
            The QR code is the one `companion sidecar pair` shows. The sidecar URL comes from --url, else from the \
            QR payload, else from the stored one. The device name defaults to this machine's host name.

            Examples:
              companion pair scan qr.png
              companion pair scan ~/Pictures/screenshot.jpg --name laptop --json
            """)

    @Argument(
        help: "Image file holding the pairing QR code (a screenshot or photo).",
        completion: .file(extensions: ["png", "jpg", "jpeg", "pgm", "ppm", "pnm"]))
    var image: String

    @OptionGroup var pairing: PairingOptionGroup
    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let invitation = try PairingInvitation(qrImage: image)
            let companion = Companion(vault: try vault.open(), timeout: sidecar.timeout)
            let url = try companion.sidecarURL(override: sidecar.url ?? invitation.ticket.sidecarURL)
            try await PairingPresentation(
                json: output.json, confirm: pairing.confirm, pairingVersion: pairing.pairingVersion.choice
            ).pair(companion, invitation, url: url, deviceName: pairing.name)
        }
    }
}
