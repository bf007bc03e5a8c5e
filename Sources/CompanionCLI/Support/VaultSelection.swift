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
        let chosen = try CLISettings.resolution().resolve(.vault, option: vault, optionName: "--vault", default: "auto")
        guard let choice = VaultBackendChoice(rawValue: chosen.value.isEmpty ? "auto" : chosen.value) else {
            throw CLIFailure(
                .usage, "\(chosen.origin.assignment(chosen.value)) is not a vault backend",
                hint: "use auto, secret-service or file")
        }
        return choice
    }

    /// The profile: `--profile`, else `COMPANION_PROFILE`, else the settings file's `profile`, else `default`.
    var profileName: String {
        CLISettings.checked.resolve(.profile, option: profile, default: VaultProfile.defaultName).value
    }

    /// Where the file vault's passphrase comes from: `--passphrase-file`, else the environment
    /// (`COMPANION_VAULT_PASSPHRASE_FILE`, `COMPANION_VAULT_PASSPHRASE`), else the settings file's
    /// `passphrase-file`, else a prompt on the terminal.
    var passphraseSource: PassphraseSource {
        let settings = CLISettings.checked
        let file = settings.resolve(.passphraseFile, option: passphraseFile, optionName: "--passphrase-file")
        guard let file else { return .standard }  // the environment's passphrase, else a prompt on the terminal
        switch file.origin {
        case .option: return .file(file.value)
        // The passphrase in the environment beats a file named only in the settings file.
        case .file where settings.resolve(.passphrase) == nil: return .file(file.value)
        default: return .standard  // the environment's file or passphrase
        }
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
