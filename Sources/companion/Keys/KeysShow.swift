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
        try KeysShowing(vault: vaultOptions.selection, json: json).execute()
    }
}

/// The work of `companion keys show`, given its parsed words.
struct KeysShowing {
    var vault: VaultSelection
    var json: Bool

    func execute() throws {
        let opened = try vault.openTracked()
        guard let identity = try DeviceIdentityStore(vault: opened).loadWithCreationDate() else {
            throw CLIFailure(
                .failure, "this vault holds no device identity (profile \(vault.profileName))",
                hint: "run `companion keys init` first")
        }
        let summary = IdentitySummary(
            identity.pair, vault: opened, profile: vault.profileName, created: identity.created)
        if json { return try Terminal.printJSON(summary) }
        print("Device identity (Ed25519)")
        for line in summary.lines { print(line) }
    }
}
