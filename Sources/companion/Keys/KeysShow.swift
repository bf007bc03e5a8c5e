import ArgumentParser
import CompanionVault

/// `companion keys show`: the device identity's public facts.
struct KeysShow: BlockingCompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show this device's public key and fingerprint (never the secret key).",
        discussion: """
            Examples:
              companion keys show
              companion keys show --vault file --json
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func execute() throws {
        let vault = try vaultOptions.openTracked()
        guard let identity = try DeviceIdentityStore(vault: vault).loadWithCreationDate() else {
            throw CLIFailure(
                .failure, "this vault holds no device identity (profile \(vaultOptions.profileName))",
                hint: "run `companion keys init` first")
        }
        let summary = IdentitySummary(
            identity.pair, vault: vault, profile: vaultOptions.profileName, created: identity.created)
        if json { return try Terminal.printJSON(summary) }
        print("Device identity (Ed25519)")
        for line in summary.lines { print(line) }
    }
}
