/// Which credential store to use (`--vault`, `COMPANION_VAULT`).
public enum VaultBackendChoice: String, Sendable, CaseIterable {
    /// The Secret Service when it is reachable and usable; otherwise an error that explains why and how to
    /// use the file vault. Never a silent fallback.
    case auto
    /// The freedesktop Secret Service (gnome-keyring, KWallet) through libsecret.
    case secretService = "secret-service"
    /// The Argon2id + XChaCha20-Poly1305 encrypted file under `$XDG_DATA_HOME/companionkit/<profile>/`.
    case file
}
