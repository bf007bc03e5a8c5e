import ArgumentParser

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
