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
            valueName: "auto|secret-service|file"))
    var vault: String?

    @Option(name: .long, help: "Profile, so several companions can share one keyring (default: \"default\").")
    var profile: String?

    func validate() throws {
        if let vault, VaultBackendChoice(rawValue: vault) == nil {
            throw ValidationError("--vault must be auto, secret-service or file (got \"\(vault)\")")
        }
    }

    /// The chosen backend: `--vault`, else `COMPANION_VAULT`, else `auto`.
    func choice() throws -> VaultBackendChoice {
        let text = vault ?? ProcessInfo.processInfo.environment[VaultOpener.backendVariable] ?? "auto"
        guard let choice = VaultBackendChoice(rawValue: text.isEmpty ? "auto" : text) else {
            throw CLIFailure(
                .usage, "\(VaultOpener.backendVariable)=\(text) is not a vault backend",
                hint: "use auto, secret-service or file")
        }
        return choice
    }

    /// The profile: `--profile`, else `COMPANION_PROFILE`, else `default`.
    var profileName: String {
        let env = ProcessInfo.processInfo.environment[VaultOpener.profileVariable] ?? ""
        return profile ?? (env.isEmpty ? VaultProfile.defaultName : env)
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
            return try VaultOpener.open(try choice(), profile: profileName, passphrase: .standard)
        } catch let error as VaultError {
            throw error.cliFailure
        }
    }
}

extension VaultError: CLIFailureConvertible {
    var cliFailure: CLIFailure { CompanionError.from(self).cliFailure }
}
