import Foundation

/// Opens the credential vault a person chose (`--vault`, `COMPANION_VAULT`) for a profile.
///
/// This module holds the file vault only, so it builds where libsecret does not exist; the Secret Service
/// backend lives in `CompanionVaultSecretService`, whose `VaultOpener.open(_:profile:passphrase:)` passes it in
/// here as `secretService`.
public enum VaultOpener {
    /// The environment variable selecting the backend (`auto`, `secret-service`, `file`).
    public static let backendVariable = "COMPANION_VAULT"
    /// The environment variable selecting the profile (default `default`).
    public static let profileVariable = "COMPANION_PROFILE"

    /// Opens a profile's Secret Service vault; throws ``VaultError/secretServiceUnavailable(_:detail:)`` when the
    /// service cannot be used.
    public typealias SecretServiceBackend = (VaultProfile) throws -> any InspectableVault

    /// Opens the vault, wrapped so reads are recorded for `keys audit`.
    ///
    /// - `auto`, `secret-service`: `secretService(profile)`, which throws
    ///   ``VaultError/secretServiceUnavailable(_:detail:)`` (whose hint explains how to use the file vault) when
    ///   the service is unreachable or its default keyring locked. It never falls back to another store on its own.
    /// - `file`: the encrypted file vault, decrypted now if it exists (so a wrong passphrase fails early).
    public static func open(
        _ choice: VaultBackendChoice, profile: String, passphrase: PassphraseSource,
        secretService: SecretServiceBackend
    ) throws -> UsageTrackingVault {
        let profile = try VaultProfile(profile)
        let usage = VaultUsageLog(profile: profile)
        switch choice {
        case .auto, .secretService:
            return UsageTrackingVault(try secretService(profile), backend: .secretService, usage: usage)
        case .file:
            let vault = FileVault(profile: profile, passphrase: passphrase)
            try vault.unlock()
            return UsageTrackingVault(vault, backend: .file, usage: usage)
        }
    }
}
