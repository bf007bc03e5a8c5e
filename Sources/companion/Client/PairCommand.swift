import ArgumentParser

/// `companion pair`: pair this device with a sidecar, by QR image or by typed code.
struct PairCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pair",
        abstract: "Pair this device with a workstation sidecar.",
        subcommands: [PairScanCommand.self, PairCodeCommand.self])
}

/// Options shared by both pairing paths.
struct PairingOptionGroup: ParsableArguments {
    @Option(name: .long, help: "Name this device shows on the workstation (default: this machine's host name).")
    var name: String?

    @Flag(name: .long, help: "Show whom you are pairing with and the countdown, and wait for Enter to complete.")
    var confirm = false

    @Option(
        name: .customLong("verification-code"),
        help: "Manual path: the verification code the workstation shows after pairing (else you are asked).")
    var verificationCode: String?

    @Flag(
        name: .long,
        help: "Manual path: accept the verification code without comparing it (scripts; prefer --verification-code).")
    var yes = false
}
