import ArgumentParser
import CompanionPairing
import Foundation

/// `companion pair code CODE`: the manual pairing screen.
struct PairCodeCommand: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "code",
        abstract: "Pair by typing the 6-digit code shown on the workstation.",
        discussion: "The sidecar URL comes from --url, else from the stored one (companion connect URL).")

    @Argument(help: "The 6-digit pairing code.")
    var code: String

    @OptionGroup var pairing: PairingOptions
    @OptionGroup var sidecar: SidecarOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var vault: VaultOptions

    func execute() async throws {
        try await ClientRun.run(json: output.json) {
            var machine = PairingMachine()
            try machine.enterCode(code.trimmingCharacters(in: .whitespaces))
            try PairingFlow.check(machine.state)
            let context = ClientContext(vault: try vault.open(), timeout: sidecar.timeout)
            let url = try context.sidecarURL(override: sidecar.url)
            let flow = PairingFlow(
                context: context, json: output.json, confirm: pairing.confirm,
                expectedVerificationCode: pairing.verificationCode)
            try await flow.complete(&machine, url: url, deviceName: pairing.name)
        }
    }
}
