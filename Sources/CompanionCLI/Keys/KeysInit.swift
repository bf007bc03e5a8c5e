import ArgumentParser
import CompanionKit
import CompanionVault
import Foundation

/// `companion keys init`: create the device identity if there is none (idempotent), or `--rotate` it.
struct KeysInit: BlockingCompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create this device's Ed25519 identity key (does nothing if it exists).",
        discussion: """
            The secret key is stored only in the vault (Secret Service, or the encrypted file with --vault file). \
            --rotate replaces it with a new key and records the old fingerprint. A paired device refuses to rotate \
            unless --force is given: the sidecar knows it by its old key and would refuse every request signed \
            with the new one, so the pairing must be redone (and the old entry revoked on the workstation).

            Examples:
              companion keys init
              companion keys init --vault file --json
              companion keys init --rotate            # refused while paired: says what would break
              companion keys init --rotate --force    # then pair again: companion pair code CODE
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Replace an existing identity with a new one, keeping a record of the old fingerprint.")
    var rotate = false
    @Flag(help: "With --rotate: rotate even though this device is paired (the pairing stops working).")
    var force = false
    @Flag(help: "Print JSON.") var json = false

    struct Output: Encodable {
        var created: Bool
        var rotated: Bool
        var identity: IdentitySummary
        var retired: RetiredIdentity?
    }

    func execute() throws {
        let vault = try vaultOptions.openTracked()
        let store = DeviceIdentityStore(vault: vault)
        var output: Output
        if rotate {
            let pairing = try CompanionStore(vault: vault).pairing()
            if let pairing, !force {
                throw CLIFailure(
                    .failure,
                    "this device is paired with \(Terminal.safe(pairing.sidecarURL)) as \(Terminal.safe(pairing.deviceId)): "
                        + "that sidecar knows the current key and would refuse every request signed with a new one",
                    hint: "rotate anyway with --force, then pair again (`companion pair code CODE`) and revoke the old "
                        + "entry on the workstation (`companion sidecar devices revoke \(Terminal.safe(pairing.deviceId))`)"
                )
            }
            let (pair, retired) = try store.rotate()
            if let pairing {
                Terminal.printNote(
                    "the pairing with \(pairing.sidecarURL) no longer works: pair again, and revoke \(pairing.deviceId) "
                        + "on the workstation")
            }
            output = Output(
                created: true, rotated: retired != nil,
                identity: IdentitySummary(pair, vault: vault, profile: vaultOptions.profileName, created: Date()),
                retired: retired)
        } else {
            let (pair, created) = try store.loadOrCreate()
            let date = try vault.list().first { $0.name == DeviceIdentityStore.itemName }?.created
            output = Output(
                created: created, rotated: false,
                identity: IdentitySummary(pair, vault: vault, profile: vaultOptions.profileName, created: date),
                retired: nil)
        }
        if json { return try OutputFormatter.printJSON(output) }
        let headline =
            output.rotated
            ? "Rotated the device identity."
            : output.created ? "Created the device identity." : "The device identity already exists (unchanged)."
        print(headline)
        for line in output.identity.lines { print(line) }
        if let retired = output.retired {
            print("  retired      \(retired.fingerprint) (recorded in the vault's identity history)")
        }
    }
}
