import CompanionKit
import CompanionVault
import CompanionVaultSecretService
import Foundation

/// Which vault and profile a command uses, as given on its command line (`nil` when not given): the values of
/// ``VaultOptions`` without ArgumentParser, so that a command run directly (``DirectCommand``) opens the same vault.
struct VaultSelection {
    var vault: String?
    var profile: String?
    var passphraseFile: String?

    /// The chosen backend: `--vault`, else `COMPANION_VAULT`, else the settings file's `vault`, else `auto`.
    func choice() throws -> VaultBackendChoice {
        let settings = try CLISettings.current()
        let text = vault ?? CLISettings.environment(VaultOpener.backendVariable) ?? settings.vault ?? "auto"
        guard let choice = VaultBackendChoice(rawValue: text.isEmpty ? "auto" : text) else {
            throw CLIFailure(
                .usage, "\(VaultOpener.backendVariable)=\(text) is not a vault backend",
                hint: "use auto, secret-service or file")
        }
        return choice
    }

    /// The profile: `--profile`, else `COMPANION_PROFILE`, else the settings file's `profile`, else `default`.
    var profileName: String {
        profile ?? CLISettings.environment(VaultOpener.profileVariable) ?? CLISettings.checked.profile
            ?? VaultProfile.defaultName
    }

    /// Where the file vault's passphrase comes from: `--passphrase-file`, else the environment
    /// (`COMPANION_VAULT_PASSPHRASE_FILE`, `COMPANION_VAULT_PASSPHRASE`), else the settings file's
    /// `passphrase-file`, else a prompt on the terminal.
    var passphraseSource: PassphraseSource {
        if let passphraseFile { return .file(passphraseFile) }
        let environment = CommandContext.current.environment
        if environment[PassphraseSource.fileVariable] != nil || environment[PassphraseSource.environmentVariable] != nil
        {
            return .standard
        }
        if let file = CLISettings.checked.passphraseFile { return .file(file) }
        return .standard
    }

    /// Opens the chosen vault; vault errors become ``CLIFailure``s with exit status ``ExitStatus/vault``.
    func open() throws -> any CredentialVault {
        try openTracked()
    }

    /// Opens the chosen vault and reads `names` from it at once (``PrefetchedVault``), for a command that will
    /// read several items: later reads of them cost no round trip.
    func open(prefetching names: [String]) throws -> any CredentialVault {
        let vault = try openTracked()
        do {
            return try PrefetchedVault(vault, names: names)
        } catch let error as VaultError {
            throw error.cliFailure
        }
    }

    /// The opened vault with its backend, usage log and audit report access.
    func openTracked() throws -> UsageTrackingVault {
        do {
            return try VaultOpener.open(try choice(), profile: profileName, passphrase: passphraseSource)
        } catch let error as VaultError {
            throw error.cliFailure
        }
    }

    /// The profile's file vault (`keys unlock`, `keys lock`); a usage failure when another backend was chosen.
    func fileVault(for command: String) throws -> FileVault {
        guard try choice() == .file else {
            throw CLIFailure(
                .usage, "`companion keys \(command)` is for the encrypted file vault",
                hint: "pass --vault file (or COMPANION_VAULT=file, or vault = \"file\" in the settings file); the "
                    + "Secret Service is unlocked by your desktop session")
        }
        let profile: VaultProfile
        do { profile = try VaultProfile(profileName) } catch let error as VaultError { throw error.cliFailure }
        return FileVault(profile: profile, passphrase: passphraseSource)
    }
}
