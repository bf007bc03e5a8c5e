import ArgumentParser
import CompanionKit

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
        help: "Pairing v1, manual path: the verification code the workstation shows after pairing (else you are asked)."
    )
    var verificationCode: String?

    @Flag(
        name: .long,
        help: "Manual path: accept the verification code without comparing it (scripts; prefer --verification-code).")
    var yes = false

    @Option(
        name: .customLong("pairing-version"),
        help:
            "auto (v2 when the sidecar offers it), 1 (code sent in the clear; refused for a sidecar known to speak v2) or 2."
    )
    var pairingVersion: PairingVersionArgument = .auto
}

/// `--pairing-version`.
enum PairingVersionArgument: String, ExpressibleByArgument, CaseIterable {
    case auto
    case v1 = "1"
    case v2 = "2"

    var choice: PairingVersionChoice {
        switch self {
        case .auto: .automatic
        case .v1: .v1
        case .v2: .v2
        }
    }
}
