import ArgumentParser

/// `companion keys`: the device identity keypair and the vault that holds it.
struct KeysCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "Create, show and audit this device's identity key and its credential vault.",
        subcommands: [
            KeysInit.self, KeysShow.self, KeysAudit.self, KeysUnlock.self, KeysLock.self,
        ]
    )
}
