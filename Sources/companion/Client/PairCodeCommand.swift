import ArgumentParser
import CompanionDiscovery
import CompanionKit

/// `companion pair code CODE`: the manual pairing screen.
struct PairCodeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Pair by typing the 6-digit code shown on the workstation.",
        discussion: """
            The sidecar URL comes from --url, else from the stored one (companion connect URL), else from discovery             (the one workstation advertising a sidecar on this network; with several, the list and exit 64).
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
            var discovered: DiscoveryRecord?
            if sidecar.url == nil, try companion.store.sidecarURL() == nil {
                discovered = try await Companion.discoverOne(timeout: 3)
            }
            let url = try discovered.map(\.url) ?? companion.sidecarURL(override: sidecar.url)
            try await PairingPresentation(
                json: output.json, confirm: pairing.confirm, expectedVerificationCode: pairing.verificationCode,
                pairingVersion: pairing.pairingVersion.choice, discovered: discovered
            ).pair(companion, invitation, url: url, deviceName: pairing.name)
        }
    }
}
