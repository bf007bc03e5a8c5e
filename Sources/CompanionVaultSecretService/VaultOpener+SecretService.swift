import CompanionVault

extension VaultOpener {
    /// Opens the vault a person chose, with ``SecretServiceVault`` as the Secret Service backend.
    public static func open(_ choice: VaultBackendChoice, profile: String) throws -> any CredentialVault {
        try open(choice, profile: profile, passphrase: .standard)
    }

    /// Like ``open(_:profile:)`` with an explicit passphrase source for the file vault.
    public static func open(
        _ choice: VaultBackendChoice, profile: String, passphrase: PassphraseSource
    ) throws -> UsageTrackingVault {
        try open(choice, profile: profile, passphrase: passphrase, secretService: SecretServiceVault.init)
    }
}
