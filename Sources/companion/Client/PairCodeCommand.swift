import ArgumentParser
import CompanionKit

/// `companion pair code CODE`: the manual pairing screen.
struct PairCodeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Pair by typing the 6-digit code shown on the workstation.",
        discussion: "The sidecar URL comes from --url, else from the stored one (companion connect URL).")

    @Argument(help: "The 6-digit pairing code.")
    var code: String

    @OptionGroup var pairing: PairingOptionGroup
    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            let invitation = try PairingInvitation(code: code)
            let companion = Companion(vault: try vault.open(), timeout: sidecar.timeout)
            let url = try companion.sidecarURL(override: sidecar.url)
            try await PairingPresentation(
                json: output.json, confirm: pairing.confirm, expectedVerificationCode: pairing.verificationCode,
                pairingVersion: pairing.pairingVersion.choice
            ).pair(companion, invitation, url: url, deviceName: pairing.name)
        }
    }
}
