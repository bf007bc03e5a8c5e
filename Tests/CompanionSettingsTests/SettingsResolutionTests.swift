import Testing

@testable import CompanionSettings

/// The one order of a setting's sources (``SettingsResolution``): an option, else the environment (an empty variable
/// is unset), else the settings file, else the default; each value keeps where it came from.
@Suite struct SettingsResolutionTests {
    static let path = "/home/me/.config/companionkit/config.toml"

    static func resolution(_ file: CompanionSettings, _ environment: [String: String] = [:]) -> SettingsResolution {
        SettingsResolution(file: file, filePath: path, environment: environment)
    }

    static var fileWithEverything: CompanionSettings {
        var file = CompanionSettings()
        file.vault = "file"
        file.profile = "from-file"
        file.sidecarURL = "https://from-file.example:7878"
        file.timeout = 4
        file.sidecar.port = 9000
        file.sidecar.apiKeyScopes = "read"
        return file
    }

    @Test func anOptionBeatsTheEnvironmentWhichBeatsTheFileWhichBeatsTheDefault() {
        let environment = ["COMPANION_VAULT": "secret-service", "COMPANION_PROFILE": "from-env"]
        let settings = Self.resolution(Self.fileWithEverything, environment)
        #expect(
            settings.resolve(.vault, option: "auto", optionName: "--vault", default: "x")
                == Resolved("auto", from: .option("--vault")))
        #expect(
            settings.resolve(.vault, default: "x") == Resolved("secret-service", from: .environment("COMPANION_VAULT")))
        #expect(
            Self.resolution(Self.fileWithEverything).resolve(.vault, default: "x")
                == Resolved("file", from: .file(path: Self.path, key: "vault")))
        #expect(
            Self.resolution(CompanionSettings()).resolve(.vault, default: "auto") == Resolved("auto", from: .builtIn))
        #expect(Self.resolution(CompanionSettings()).resolve(.vault) == nil)
        // The sidecar table's keys are named as written.
        #expect(
            settings.resolve(.sidecarPort, default: 7878)
                == Resolved(9000, from: .file(path: Self.path, key: "[sidecar] port")))
        #expect(settings.resolve(.timeout, option: 2.5, optionName: "--timeout", default: 10).value == 2.5)
        #expect(settings.resolve(.timeout, default: 10).value == 4)
    }

    @Test func anEmptyVariableIsUnset() {
        let settings = Self.resolution(Self.fileWithEverything, ["COMPANION_VAULT": "", "COMPANION_SIDECAR_URL": ""])
        #expect(settings.resolve(.vault)?.origin == .file(path: Self.path, key: "vault"))
        #expect(settings.resolve(.sidecarURL)?.value == "https://from-file.example:7878")
    }

    @Test func onlyAnOptionOrTheEnvironmentIsGivenForThisRun() {
        let settings = Self.resolution(Self.fileWithEverything, ["COMPANION_SIDECAR_URL": "http://127.0.0.1:1"])
        #expect(settings.resolve(.sidecarURL)?.origin.isGiven == true)
        #expect(Self.resolution(Self.fileWithEverything).resolve(.sidecarURL)?.origin.isGiven == false)
        #expect(SettingOrigin.builtIn.isGiven == false)
    }

    @Test func originsNameTheirPlaceInMessages() {
        #expect(SettingOrigin.option("--vault").assignment("plaintext") == "--vault plaintext")
        #expect(SettingOrigin.environment("COMPANION_VAULT").assignment("plaintext") == "COMPANION_VAULT=plaintext")
        #expect(
            SettingOrigin.file(path: Self.path, key: "vault").assignment("plaintext")
                == "vault = \"plaintext\" in \(Self.path)")
        #expect(
            SettingOrigin.environment("COMPANION_SIDECAR_API_KEY_SCOPES").description
                == "$COMPANION_SIDECAR_API_KEY_SCOPES")
        #expect(
            SettingOrigin.file(path: Self.path, key: "[sidecar] api-key-scopes").description
                == "[sidecar] api-key-scopes in \(Self.path)")
        #expect(SettingOrigin.builtIn.description == "default")
    }

    @Test func anExplanationNeverHoldsASecret() {
        let secret = "correct horse battery staple"
        let settings = Self.resolution(CompanionSettings(), ["COMPANION_VAULT_PASSPHRASE": secret])
        let explained = settings.explain(.passphrase, fallback: "not set")
        #expect(explained.hidden && explained.value == nil)
        #expect(explained.origin == "$COMPANION_VAULT_PASSPHRASE" && explained.name == "$COMPANION_VAULT_PASSPHRASE")
        #expect(!"\(explained)".contains(secret))
        let unset = Self.resolution(CompanionSettings()).explain(.passphrase, fallback: "not set")
        #expect(!unset.hidden && unset.value == nil && unset.origin == "default" && unset.fallback == "not set")
        let port = Self.resolution(Self.fileWithEverything).explain(.sidecarPort, fallback: "7878")
        #expect(
            port
                == SettingExplanation(
                    name: "[sidecar] port", value: "9000", origin: "[sidecar] port in \(Self.path)", hidden: false,
                    fallback: "7878"))
    }
}
