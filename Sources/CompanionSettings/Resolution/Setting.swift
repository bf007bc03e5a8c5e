/// One setting a person can give as an option, an environment variable or a key of the settings file: how to find
/// it in each place. ``SettingsResolution`` applies the order; the catalogue is ``Setting/vault`` and the other
/// static members.
public struct Setting<Value: Sendable>: Sendable {
    /// The key as written in the settings file (`vault`, `[sidecar] port`); nil when the file cannot hold it.
    public let key: String?
    /// The environment variable; nil when there is none.
    public let variable: String?
    /// Whether the value is a secret: ``SettingsResolution/explain(_:)`` never shows it.
    public let isSecret: Bool
    let fromFile: @Sendable (CompanionSettings) -> Value?
    let fromText: @Sendable (String) -> Value?

    /// A setting found under `key` in the file (read by `fromFile`) and in `variable` (parsed by `fromText`).
    public init(
        key: String?, variable: String?, isSecret: Bool = false,
        fromFile: @escaping @Sendable (CompanionSettings) -> Value?,
        fromText: @escaping @Sendable (String) -> Value?
    ) {
        self.key = key
        self.variable = variable
        self.isSecret = isSecret
        self.fromFile = fromFile
        self.fromText = fromText
    }
}

extension Setting where Value == String {
    /// A text setting (an environment variable's text is its value).
    init(
        key: String?, variable: String?, isSecret: Bool = false,
        fromFile: @escaping @Sendable (CompanionSettings) -> String?
    ) {
        self.init(key: key, variable: variable, isSecret: isSecret, fromFile: fromFile, fromText: { $0 })
    }

    /// `vault` / `COMPANION_VAULT`: the vault backend (`auto`, `secret-service`, `file`).
    public static var vault: Self { Self(key: "vault", variable: "COMPANION_VAULT") { $0.vault } }
    /// `profile` / `COMPANION_PROFILE`: the vault profile.
    public static var profile: Self { Self(key: "profile", variable: "COMPANION_PROFILE") { $0.profile } }
    /// `passphrase-file` / `COMPANION_VAULT_PASSPHRASE_FILE`: a 0600 file holding the file vault's passphrase.
    public static var passphraseFile: Self {
        Self(key: "passphrase-file", variable: "COMPANION_VAULT_PASSPHRASE_FILE") { $0.passphraseFile }
    }
    /// `COMPANION_VAULT_PASSPHRASE`: the file vault's passphrase itself (never in the file, never shown).
    public static var passphrase: Self {
        Self(key: nil, variable: "COMPANION_VAULT_PASSPHRASE", isSecret: true) { _ in nil }
    }
    /// `COMPANION_API_KEY`: the sidecar's API key for the companion commands (`--api-key-file` gives it from a
    /// file; never in the settings file, never shown).
    public static var apiKey: Self { Self(key: nil, variable: "COMPANION_API_KEY", isSecret: true) { _ in nil } }
    /// `COMPANION_SIDECAR_API_KEY`: the API key `sidecar serve` requires (`--api-key-file` gives it from a file;
    /// never in the settings file, never shown).
    public static var sidecarAPIKey: Self {
        Self(key: nil, variable: "COMPANION_SIDECAR_API_KEY", isSecret: true) { _ in nil }
    }
    /// `sidecar-url` / `COMPANION_SIDECAR_URL`: the sidecar the companion commands talk to.
    public static var sidecarURL: Self {
        Self(key: "sidecar-url", variable: "COMPANION_SIDECAR_URL") { $0.sidecarURL }
    }
    /// `COMPANION_SIDECAR_PROFILE`: the vault profile of the sidecar's identity (not in the file).
    public static var sidecarProfile: Self { Self(key: nil, variable: "COMPANION_SIDECAR_PROFILE") { _ in nil } }
    /// `COMPANION_LOG_LEVEL`: `debug` or `trace` show the details of an unexpected error (not in the file).
    public static var logLevel: Self { Self(key: nil, variable: "COMPANION_LOG_LEVEL") { _ in nil } }
    /// `[sidecar] host`: the address `sidecar serve` binds.
    public static var sidecarHost: Self { Self(key: "[sidecar] host", variable: nil) { $0.sidecar.host } }
    /// `[sidecar] data-dir`: the sidecar's data directory.
    public static var sidecarDataDirectory: Self {
        Self(key: "[sidecar] data-dir", variable: nil) { $0.sidecar.dataDirectory }
    }
    /// `[sidecar] public-url`: the base URL put in the QR code.
    public static var sidecarPublicURL: Self {
        Self(key: "[sidecar] public-url", variable: nil) { $0.sidecar.publicURL }
    }
    /// `[sidecar] api-key-scopes` / `COMPANION_SIDECAR_API_KEY_SCOPES`: what the sidecar's API key may do.
    public static var sidecarAPIKeyScopes: Self {
        Self(key: "[sidecar] api-key-scopes", variable: "COMPANION_SIDECAR_API_KEY_SCOPES") { $0.sidecar.apiKeyScopes }
    }
}

extension Setting where Value == Int {
    /// `[sidecar] port`: the port `sidecar serve` binds.
    public static var sidecarPort: Self {
        Self(key: "[sidecar] port", variable: nil, fromFile: { $0.sidecar.port }, fromText: { Int($0) })
    }
}

extension Setting where Value == Double {
    /// `timeout`: seconds to wait for each answer from the sidecar.
    public static var timeout: Self {
        Self(key: "timeout", variable: nil, fromFile: { $0.timeout }, fromText: { Double($0) })
    }
}
