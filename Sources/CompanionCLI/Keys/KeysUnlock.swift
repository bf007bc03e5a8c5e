import ArgumentParser
import CompanionVault
import Foundation

/// `companion keys unlock`: keep the file vault's key in the kernel keyring for a while.
struct KeysUnlock: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock",
        abstract: "Unlock the file vault for a while, so commands stop asking for its passphrase.",
        discussion: """
            Asks for the passphrase once (or reads --passphrase-file, COMPANION_VAULT_PASSPHRASE_FILE or \
            COMPANION_VAULT_PASSPHRASE), checks it, and keeps the derived key in the Linux kernel's user keyring \
            until the time is up, the machine restarts, or `companion keys lock`. Only your own processes can \
            read it; it never touches the disk. The Secret Service needs no such step (your desktop session \
            unlocks it).

            Examples:
              companion keys unlock                  # 15 minutes
              companion keys unlock --for 8h
              companion keys unlock --for 30m --passphrase-file ~/.config/companionkit/passphrase
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @Option(name: .customLong("for"), help: "How long: 90s, 15m, 8h (1 minute to 24 hours; default 15m).")
    var duration = "15m"
    @Flag(help: "Print JSON (errors too).") var json = false

    struct Output: Encodable {
        var ok = true
        var profile: String
        var vaultPath: String
        var expiresAt: Date
    }

    func execute() async throws {
        try await ClientRun.run(json: json) {
            guard let seconds = Self.seconds(duration), KernelKeyCache.allowedSeconds.contains(seconds) else {
                throw CLIFailure(
                    .usage, "--for \(Terminal.safe(duration)) is not a time between 1 minute and 24 hours",
                    hint: "e.g. --for 90s, --for 15m, --for 8h")
            }
            let vault = try vaultOptions.fileVault(for: "unlock")
            do {
                try vault.unlock()
                try vault.cacheDerivedKey(seconds: seconds)
            } catch let error as VaultError {
                throw error.cliFailure
            }
            let expiresAt = vault.keyCache?.expiresAt ?? Date().addingTimeInterval(Double(seconds))
            if json {
                return try OutputFormatter.printJSON(
                    Output(profile: vaultOptions.profileName, vaultPath: vault.path.path, expiresAt: expiresAt))
            }
            ClientText.print([
                "The file vault \(vault.path.path) is unlocked until \(ClientText.time(expiresAt)) "
                    + "(`companion keys lock` forgets the key now)."
            ])
        }
    }

    /// `90s`, `15m`, `8h` or plain seconds.
    static func seconds(_ text: String) -> UInt32? {
        let units: [Character: UInt32] = ["s": 1, "m": 60, "h": 3600]
        if let last = text.last, let unit = units[last], let value = UInt32(text.dropLast()) {
            return value.multipliedReportingOverflow(by: unit).overflow ? nil : value * unit
        }
        return UInt32(text)
    }
}

/// `companion keys lock`: forget the key `keys unlock` kept.
struct KeysLock: CompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Forget the file vault's key now (after `companion keys unlock`).",
        discussion: """
            Examples:
              companion keys lock
              companion keys lock --profile work --json
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON (errors too).") var json = false

    struct Output: Encodable {
        var ok = true
        var profile: String
        var forgotten: Bool
    }

    func execute() async throws {
        try await ClientRun.run(json: json) {
            let vault = try vaultOptions.fileVault(for: "lock")
            let forgotten = vault.forgetCachedKey()
            if json {
                return try OutputFormatter.printJSON(Output(profile: vaultOptions.profileName, forgotten: forgotten))
            }
            ClientText.print([forgotten ? "Locked: the key is forgotten." : "The file vault was not unlocked."])
        }
    }
}
