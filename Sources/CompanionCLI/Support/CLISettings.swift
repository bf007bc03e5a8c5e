import CompanionSettings
import Foundation

/// The settings of this run: the settings file (`~/.config/companionkit/config.toml`), read once per run
/// (``CommandContext``) where the command's environment says, and the command's environment. Every value a
/// command reads from an option, the environment or the file is resolved by ``resolution()``
/// (``SettingsResolution``: option, else environment, else file, else default), never by hand.
enum CLISettings {
    /// The settings file of `environment`, moved from the earlier directory first.
    private static func load(_ environment: [String: String]) -> Result<SettingsResolution, SettingsError> {
        Result { () throws(SettingsError) in
            if let moved = try CompanionSettings.moveLegacyFile(environment: environment) {
                Terminal.printNote(
                    "moved the settings file \(moved.path) to \(CompanionSettings.path(environment: environment).path) "
                        + "(CompanionKit's directory)")
            }
            return try SettingsResolution.load(environment: environment)
        }
    }

    /// The resolution of this run's settings, or a usage failure naming the file and the problem.
    static func resolution() throws -> SettingsResolution {
        let context = CommandContext.current
        let loaded = context.state.settings.withLock { loaded in
            if let loaded { return loaded }
            let result = load(context.environment)
            loaded = result
            return result
        }
        switch loaded {
        case .success(let resolution): return resolution
        case .failure(let error): throw CLIFailure(.usage, error.description, hint: error.hint)
        }
    }

    /// The resolution, for the option defaults that cannot throw (``SidecarOptions/timeout``, the vault profile).
    /// Every command refuses an invalid file before it runs (``CommandOutcome/checkSettings()``), so inside a
    /// command this is the file's; only ArgumentParser's validation, which runs earlier, can see the empty
    /// settings an invalid file gives here.
    static var checked: SettingsResolution {
        if let resolution = try? resolution() { return resolution }
        let environment = CommandContext.current.environment
        return SettingsResolution(
            file: CompanionSettings(), filePath: CompanionSettings.path(environment: environment).path,
            environment: environment)
    }
}
