// Pairs this machine with a CompanionKit sidecar by its 6-digit code, then lists the devices the sidecar
// trusts: the whole companion side, with library products only (CompanionKit, CompanionVault, CompanionAPI).
//
//   swift run pair-and-list http://192.168.1.20:7878 123456 [VERIFICATION-CODE]
//
// On the workstation, `companion sidecar pair` shows the code. A sidecar with an identity key pairs over v2
// (CPace: the code never crosses the network and nothing needs comparing); with an older sidecar (v1) the
// workstation then shows a verification code: give it as the third argument, or compare it when asked.
import CompanionAPI
import CompanionKit
import CompanionVault
import CompanionVaultSecretService
import Foundation

/// Text from the network, escaped for the terminal.
func safe(_ text: String) -> String { TerminalSafeText.escaped(text) }

func fail(_ error: CompanionError) -> Never {
    let hint = error.hint.map { "\n  hint: \(safe($0))" } ?? ""
    FileHandle.standardError.write(Data("pair-and-list: \(safe(error.message))\(hint)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2 || arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: pair-and-list SIDECAR-URL CODE [VERIFICATION-CODE]\n".utf8))
    exit(64)
}
let url = arguments[arguments.startIndex]
let code = arguments[arguments.startIndex + 1]
let verification: VerificationCheck =
    arguments.count == 3
    ? .expected(arguments[arguments.startIndex + 2])
    : .ask { verificationCode in
        print("Verification code: \(verificationCode). Does the workstation show the same? [y/N] ", terminator: "")
        return readLine()?.lowercased() == "y"
    }

do {
    // $COMPANION_VAULT (auto, secret-service or file) as the CLI reads it; the profile "example" (or
    // $COMPANION_PROFILE) keeps this program's identity apart from the CLI's.
    let environment = ProcessInfo.processInfo.environment
    let backend = VaultBackendChoice(rawValue: environment["COMPANION_VAULT"] ?? "") ?? .auto
    let vault = try VaultOpener.open(backend, profile: environment["COMPANION_PROFILE"] ?? "example")
    let companion = Companion(vault: vault)
    let invitation = try PairingInvitation(code: code)
    let outcome = try await companion.pair(invitation, at: url, options: PairingOptions(verification: verification))
    print(
        "Paired as \(safe(outcome.device.name)) (id \(safe(outcome.device.id))) with \(outcome.sidecarURL) "
            + "over pairing v\(outcome.pairingVersion)")
    let list = try await companion.devices()
    for device in list.devices {
        let mine = device.id == list.thisDeviceId ? "  (this device)" : ""
        print("\(safe(device.id))  \(safe(device.name))\(mine)")
    }
} catch let error as CompanionError {
    fail(error)
} catch {
    fail(CompanionError.from(error))
}
