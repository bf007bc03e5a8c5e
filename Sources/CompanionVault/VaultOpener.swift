import Foundation

/// Opens the credential vault a person chose (`--vault`, `COMPANION_VAULT`) for a profile.
public enum VaultOpener {
    /// The environment variable selecting the backend (`auto`, `secret-service`, `file`).
    public static let backendVariable = "COMPANION_VAULT"
    /// The environment variable selecting the profile (default `default`).
    public static let profileVariable = "COMPANION_PROFILE"

    /// Opens the vault, wrapped so reads are recorded for `keys audit`.
    ///
    /// - `auto`: the Secret Service when it is reachable and its default keyring unlocked; otherwise throws
    ///   ``VaultError/secretServiceUnavailable(_:detail:)``, whose hint explains how to use the file vault.
    ///   It never falls back to another store on its own.
    /// - `file`: the encrypted file vault, decrypted now if it exists (so a wrong passphrase fails early).
    public static func open(_ choice: VaultBackendChoice, profile: String) throws -> any CredentialVault {
        try open(choice, profile: profile, passphrase: .standard)
    }

    /// Like ``open(_:profile:)`` with an explicit passphrase source for the file vault.
    public static func open(
        _ choice: VaultBackendChoice, profile: String, passphrase: PassphraseSource
    ) throws -> UsageTrackingVault {
        let profile = try VaultProfile(profile)
        let usage = VaultUsageLog(profile: profile)
        switch choice {
        case .auto, .secretService:
            return UsageTrackingVault(try SecretServiceVault(profile: profile), backend: .secretService, usage: usage)
        case .file:
            let vault = FileVault(profile: profile, passphrase: passphrase)
            try vault.unlock()
            return UsageTrackingVault(vault, backend: .file, usage: usage)
        }
    }
}
