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

    /// The parsed options as a plain value, which does the work.
    var selection: VaultSelection { VaultSelection(vault: vault, profile: profile, passphraseFile: passphraseFile) }

    /// The profile: `--profile`, else `COMPANION_PROFILE`, else the settings file's `profile`, else `default`.
    var profileName: String { selection.profileName }

    /// Opens the chosen vault (``VaultSelection/open()``).
    func open() throws -> any CredentialVault { try selection.open() }

    /// Opens the chosen vault and reads `names` at once (``VaultSelection/open(prefetching:)``).
    func open(prefetching names: [String]) throws -> any CredentialVault { try selection.open(prefetching: names) }

    /// The opened vault with its backend, usage log and audit report access.
    func openTracked() throws -> UsageTrackingVault { try selection.openTracked() }

    /// The profile's file vault (``VaultSelection/fileVault(for:)``).
    func fileVault(for command: String) throws -> FileVault { try selection.fileVault(for: command) }
}

extension VaultError: CLIFailureConvertible {
    var cliFailure: CLIFailure { CompanionError.from(self).cliFailure }
}
