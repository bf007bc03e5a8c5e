import ArgumentParser
import CompanionKit
import CompanionVault
import CompanionVaultSecretService
import Foundation

/// `--vault` and `--profile`, shared by every command that touches credentials.
/// Environment fallbacks: `COMPANION_VAULT` (auto|secret-service|file), `COMPANION_PROFILE` (default "default");
/// the file vault also reads `COMPANION_VAULT_PASSPHRASE`.
struct VaultOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Credential store: auto (Secret Service, else an explanation), secret-service, or file.",
            valueName: "auto|secret-service|file"),
        completion: .list(["auto", "secret-service", "file"]))
    var vault: String?

    @Option(name: .long, help: "Profile, so several companions can share one keyring (default: \"default\").")
    var profile: String?

    @Option(
        name: .customLong("passphrase-file"),
        help: "File holding the file vault's passphrase, mode 0600 (also $COMPANION_VAULT_PASSPHRASE_FILE).",
        completion: .file())
    var passphraseFile: String?

    func validate() throws {
        if let vault, VaultBackendChoice(rawValue: vault) == nil {
            throw ValidationError("--vault must be auto, secret-service or file (got \"\(vault)\")")
        }
    }

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
        let environment = ProcessInfo.processInfo.environment
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
}

extension VaultOptions {
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

extension VaultError: CLIFailureConvertible {
    var cliFailure: CLIFailure { CompanionError.from(self).cliFailure }
}
