import ArgumentParser
import CompanionSettings
import CompanionSidecar
import CompanionVault
import Foundation

/// `companion settings explain`: every setting's value and where it came from — an option, else the environment,
/// else the settings file, else the default — as the commands resolve them (``CLISettings/resolution()``).
struct SettingsExplainCommand: BlockingCompanionCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Print each setting's value and where it comes from (option, environment, settings file, default).",
        discussion: """
            The settings file is $COMPANION_CONFIG, else ~/.config/companionkit/config.toml (docs/headless.md). \
            The vault and sidecar options are those every command takes: give them to see what they change. \
            A passphrase is never shown, only that it is set.

            Examples:
              companion settings explain
              companion settings explain --vault file --json
            """)

    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var sidecar: SidecarOptions
    @Flag(help: "Print JSON.") var json = false

    /// The `--json` shape.
    struct Output: Encodable {
        var settingsFile: String
        var settingsFileExists: Bool
        var settings: [SettingExplanation]
    }

    func execute() throws {
        let resolution = try CLISettings.resolution()
        let output = Output(
            settingsFile: resolution.filePath,
            settingsFileExists: FileManager.default.fileExists(atPath: resolution.filePath),
            settings: explanations(resolution))
        if json { return try OutputFormatter.printJSON(output) }
        print(
            "Settings file: \(Terminal.safe(output.settingsFile))"
                + (output.settingsFileExists ? "" : " (none: the defaults apply)"))
        print("Each value: an option, else the environment, else the settings file, else the default.")
        print("")
        // A value not set shows what applies instead, from `default`.
        let rows = output.settings.map { line in
            [
                line.name,
                line.hidden ? "set (not shown)" : line.value.map { Terminal.safe($0) } ?? line.fallback,
                Terminal.safe(line.origin),
            ]
        }
        for row in TableFit.render(header: ["SETTING", "VALUE", "FROM"], rows: rows, width: Terminal.columns) {
            print(row)
        }
    }

    /// The settings in the order of the settings file's documentation, with this command's options applied.
    private func explanations(_ resolution: SettingsResolution) -> [SettingExplanation] {
        [
            resolution.explain(.vault, option: vaultOptions.vault, optionName: "--vault", fallback: "auto"),
            resolution.explain(
                .profile, option: vaultOptions.profile, optionName: "--profile", fallback: VaultProfile.defaultName),
            resolution.explain(
                .passphraseFile, option: vaultOptions.passphraseFile, optionName: "--passphrase-file",
                fallback: "none (the passphrase below, else a prompt)"),
            resolution.explain(.passphrase, fallback: "not set"),
            resolution.explain(
                .sidecarURL, option: sidecar.url, optionName: "--url",
                fallback: "none (the stored URL, else discovery)"),
            resolution.explain(.apiKey, fallback: "not set (--api-key-file, else the stored one)"),
            resolution.explain(.timeout, option: sidecar.timeoutOption, optionName: "--timeout", fallback: "10"),
            resolution.explain(.logLevel, fallback: "not set (an unexpected error without details)"),
            resolution.explain(.sidecarHost, fallback: "127.0.0.1"),
            resolution.explain(.sidecarPort, fallback: String(SidecarConfiguration.defaultPort)),
            resolution.explain(
                .sidecarDataDirectory, fallback: SidecarConfiguration.defaultDataDirectory().path),
            resolution.explain(.sidecarPublicURL, fallback: "none (from the address served)"),
            resolution.explain(.sidecarAPIKey, fallback: "not set (--api-key-file, else no API key)"),
            resolution.explain(.sidecarAPIKeyScopes, fallback: "read,tasks"),
            resolution.explain(.sidecarProfile, fallback: SidecarIdentity.defaultProfile),
        ]
    }
}
