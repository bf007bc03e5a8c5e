import CompanionSettings
import Foundation

/// The settings file (`~/.config/companionkit/config.toml`), read once per run (``CommandContext``), where the
/// command's environment says. Options override environment variables, which override the file, which overrides
/// the defaults: each option group applies that order.
enum CLISettings {
    /// The settings file of `environment`, moved from the earlier directory first.
    private static func load(_ environment: [String: String]) -> Result<CompanionSettings, SettingsError> {
        Result { () throws(SettingsError) in
            if let moved = try CompanionSettings.moveLegacyFile(environment: environment) {
                Terminal.printNote(
                    "moved the settings file \(moved.path) to \(CompanionSettings.path(environment: environment).path) "
                        + "(CompanionKit's directory)")
            }
            return try CompanionSettings.load(environment: environment)
        }
    }

    /// The settings, or a usage failure naming the file and the problem.
    static func current() throws -> CompanionSettings {
        let context = CommandContext.current
        let loaded = context.state.settings.withLock { loaded in
            if let loaded { return loaded }
            let result = load(context.environment)
            loaded = result
            return result
        }
        switch loaded {
        case .success(let settings): return settings
        case .failure(let error): throw CLIFailure(.usage, error.description, hint: error.hint)
        }
    }

    /// The settings, for the option defaults that cannot throw (``SidecarOptions/timeout``, the vault profile).
    /// Every command refuses an invalid file before it runs (``CommandOutcome/checkSettings()``), so inside
    /// a command these are the file's values; only ArgumentParser's validation, which runs earlier, can see the
    /// empty settings an invalid file gives here.
    static var checked: CompanionSettings { (try? current()) ?? CompanionSettings() }

    /// An environment variable's value, nil when unset or empty.
    static func environment(_ name: String) -> String? {
        CommandContext.current.variable(name)
    }
}
