import CompanionVault

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
        if json { return try OutputFormatter.printJSON(summary) }
        print("Device identity (Ed25519)")
        for line in summary.lines { print(line) }
    }
}
