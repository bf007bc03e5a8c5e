import ArgumentParser
import CompanionKit

/// `companion pair code CODE`: the manual pairing screen.
struct PairCodeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Pair by typing the 6-digit code shown on the workstation.",
        discussion: """
            The sidecar URL comes from --url, else $COMPANION_SIDECAR_URL, else the stored one (companion connect \
            URL), else sidecar-url in the settings file.

            After pairing, both sides show a verification code: you are asked whether they match (one answer line \
            is read from standard input when it is not a terminal). In scripts, pass the code the workstation \
            shows with --verification-code CODE, or --yes to accept without comparing.

            Examples:
              companion pair code 123456 --url http://192.168.1.20:7878
              companion pair code 123456 --verification-code ABCD-EFGH-JKLM-NPQR-STUV
              companion pair code 123456 --yes --json
            """)

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
            // --url, else $COMPANION_SIDECAR_URL, else the stored URL, else the settings file's sidecar-url.
            let url = try companion.sidecarURL(
                override: sidecar.url ?? CLISettings.environment("COMPANION_SIDECAR_URL"),
                fallback: try CLISettings.current().sidecarURL)
            try await PairingPresentation(
                json: output.json, confirm: pairing.confirm, expectedVerificationCode: pairing.verificationCode,
                acceptWithoutComparing: pairing.yes
            ).pair(companion, invitation, url: url, deviceName: pairing.name)
        }
    }
}
