import ArgumentParser
import CompanionDiscovery
import CompanionKit

/// `companion pair code CODE`: the manual pairing screen.
struct PairCodeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Pair by typing the 6-digit code shown on the workstation.",
        discussion: """
            The sidecar URL comes from --url, else $COMPANION_SIDECAR_URL, else the stored one (companion connect \
            URL), else sidecar-url in the settings file, else discovery (the one workstation advertising a sidecar \
            on this network; with several, a numbered question on a terminal, else the list and exit 64).

            After pairing over v1, both sides show a verification code: you are asked whether they match (one \
            answer line is read from standard input when it is not a terminal). In scripts, pass the code the \
            workstation shows with --verification-code CODE, or --yes to accept without comparing. Pairing v2 \
            (the default when the sidecar offers it) proves the sidecar's key with the code itself: nothing to compare.

            Examples:
              companion pair code 123456 --url http://192.168.1.20:7878
              companion pair code 123456
              companion pair code 123456 --pairing-version 1 --verification-code ABCD-EFGH-JKLM-NPQR-STUV
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
            // --url, else $COMPANION_SIDECAR_URL, else the stored URL, else the settings file's sidecar-url,
            // else the one sidecar discovered on the LAN.
            let chosen = try CLISettings.resolution().resolve(.sidecarURL, option: sidecar.url, optionName: "--url")
            let override = chosen?.origin.isGiven == true ? chosen?.value : nil
            let fallback = override == nil ? chosen?.value : nil
            var discovered: DiscoveryRecord?
            if override == nil, fallback == nil, try companion.store.sidecarURL() == nil {
                discovered = try await Companion.discoverOne(
                    timeout: 3, choose: WorkstationChooser.onTerminal(json: output.json))
            }
            let url = try discovered.map(\.url) ?? companion.sidecarURL(override: override, fallback: fallback)
            try await PairingPresentation(
                json: output.json, confirm: pairing.confirm, expectedVerificationCode: pairing.verificationCode,
                acceptWithoutComparing: pairing.yes, pairingVersion: pairing.pairingVersion.choice,
                discovered: discovered
            ).pair(companion, invitation, url: url, deviceName: pairing.name)
        }
    }
}
